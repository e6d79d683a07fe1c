// The --pay-* design tokens every element declares on :host, light by default, dark when the
// system asks for it (unless theme="light") or when theme="dark". Pages override any token from outside.
import { css } from 'lit';

const light = css`
  --pay-color-text: #1b1f24;
  --pay-color-text-muted: #57606a;
  --pay-color-surface: #ffffff;
  --pay-color-surface-raised: #f6f8fa;
  --pay-color-border: #d0d7de;
  --pay-color-accent: #0a58ca;
  --pay-color-accent-text: #ffffff;
  --pay-color-success: #1a7f37;
  --pay-color-danger: #b42318;
  --pay-color-focus: #0a58ca;
`;

const dark = css`
  --pay-color-text: #e6edf3;
  --pay-color-text-muted: #9da7b3;
  --pay-color-surface: #0d1117;
  --pay-color-surface-raised: #161b22;
  --pay-color-border: #3d444d;
  --pay-color-accent: #4493f8;
  --pay-color-accent-text: #0d1117;
  --pay-color-success: #3fb950;
  --pay-color-danger: #f85149;
  --pay-color-focus: #4493f8;
`;

export const tokens = css`
  :host {
    ${light}
    --pay-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    --pay-font-size: 1rem;
    --pay-radius: 0.5rem;
    --pay-spacing: 1rem;
    --pay-focus-ring-width: 2px;
    --pay-transition-duration: 200ms;
  }

  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${dark}
    }
  }

  :host([theme='dark']) {
    ${dark}
  }

  @media (prefers-reduced-motion: reduce) {
    :host {
      --pay-transition-duration: 0s;
    }
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;
