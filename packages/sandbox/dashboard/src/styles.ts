// The dashboard's look, shared by its elements: system fonts, light and dark, contrast that passes
// WCAG AA, visible focus.
import { css } from 'lit';

/** The page around the dashboard: the same paper in light and dark (adopted by the document). */
export const page = css`
  html {
    color-scheme: light dark;
    background: #ffffff;
  }
  @media (prefers-color-scheme: dark) {
    html {
      background: #14181d;
    }
  }
  body {
    margin: 0;
  }
`;

export const base = css`
  :host {
    --ink: #1b1f24;
    --muted: #4a5360;
    --paper: #ffffff;
    --panel: #f4f6f8;
    --line: #ccd3db;
    --accent: #0b5cad;
    --accent-ink: #ffffff;
    --good: #146c2e;
    --bad: #a4161a;
    color: var(--ink);
    font:
      15px/1.45 system-ui,
      sans-serif;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --ink: #e8ecf0;
      --muted: #b4bdc8;
      --paper: #14181d;
      --panel: #1d232a;
      --line: #3a444f;
      --accent: #7cb7ff;
      --accent-ink: #0a1726;
      --good: #7ddc95;
      --bad: #ff9b9b;
    }
  }
  button {
    font: inherit;
    padding: 0.3rem 0.7rem;
    border-radius: 6px;
    border: 1px solid var(--accent);
    background: var(--accent);
    color: var(--accent-ink);
    cursor: pointer;
  }
  button.quiet {
    background: transparent;
    color: var(--accent);
  }
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  input,
  select {
    box-sizing: border-box;
    max-width: 100%;
    font: inherit;
    padding: 0.25rem 0.4rem;
    border: 1px solid var(--line);
    border-radius: 6px;
    background: var(--paper);
    color: var(--ink);
  }
  :focus-visible {
    outline: 3px solid var(--accent);
    outline-offset: 2px;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-variant-numeric: tabular-nums;
  }
  caption {
    text-align: start;
    font-weight: 600;
    font-size: 1.1rem;
    padding: 0.4rem 0;
  }
  th,
  td {
    text-align: start;
    padding: 0.3rem 0.5rem;
    border-bottom: 1px solid var(--line);
    vertical-align: top;
  }
  th {
    color: var(--muted);
    font-weight: 600;
  }
  .good {
    color: var(--good);
    font-weight: 600;
  }
  .bad {
    color: var(--bad);
    font-weight: 600;
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .mono {
    font-family: ui-monospace, monospace;
    font-size: 0.9em;
  }
`;
