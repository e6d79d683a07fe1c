import { css } from 'lit';
import { tokens } from '../../styles/tokens.styles.js';

export default [
  tokens,
  css`
    :host {
      display: block;
      box-sizing: border-box;
      color: var(--pay-color-text);
      font-family: var(--pay-font-family);
      font-size: var(--pay-font-size);
      line-height: 1.5;
    }

    :host([hidden]) {
      display: none;
    }

    [part='base'] {
      display: grid;
      gap: calc(var(--pay-spacing) * 0.75);
      padding: var(--pay-spacing);
      background: var(--pay-color-surface);
      border: 1px solid var(--pay-color-border);
      border-radius: var(--pay-radius);
    }

    h2,
    p,
    dl {
      margin: 0;
    }

    [part='header'] {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: calc(var(--pay-spacing) * 0.5);
    }

    [part='title'] {
      font-size: 1.125em;
      font-weight: 600;
      overflow-wrap: anywhere;
    }

    /* The status in words, in a pill; its colour only repeats what the words say. */
    [part='status-badge'] {
      display: inline-block;
      padding: 0.125em 0.75em;
      border: 1px solid currentColor;
      border-radius: 999px;
      font-size: 0.875em;
      font-weight: 600;
      color: var(--pay-color-accent);
    }

    [part='status-badge'][data-status='inactive'] {
      color: var(--pay-color-text-muted);
    }

    [part='status-badge'][data-status='expired'] {
      color: var(--pay-color-danger);
    }

    [part='status-text'],
    [part='description'],
    [part='message'],
    dt {
      color: var(--pay-color-text-muted);
    }

    [part='description'] {
      white-space: pre-line;
      overflow-wrap: anywhere;
    }

    [part='amount'] {
      font-size: 1.5em;
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }

    .row {
      display: grid;
      grid-template-columns: minmax(5rem, auto) 1fr;
      gap: calc(var(--pay-spacing) * 0.5);
    }

    dt {
      font-size: 0.875em;
    }

    dd {
      margin: 0;
    }

    [part='qr'] {
      justify-self: center;
      --pay-qr-size: 10rem;
    }

    [part='actions'] {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: calc(var(--pay-spacing) * 0.5);
    }

    button,
    [part='open-link'] {
      font: inherit;
      font-size: 0.875em;
      border-radius: calc(var(--pay-radius) * 0.75);
      padding: 0.25em 0.75em;
      min-height: 2rem;
      box-sizing: border-box;
      transition:
        background-color var(--pay-transition-duration),
        color var(--pay-transition-duration);
    }

    button {
      cursor: pointer;
      color: var(--pay-color-accent);
      background: transparent;
      border: 1px solid currentColor;
    }

    button[data-copied] {
      color: var(--pay-color-success);
    }

    [part='open-link'] {
      display: inline-flex;
      align-items: center;
      color: var(--pay-color-accent-text);
      background: var(--pay-color-accent);
      border: 1px solid var(--pay-color-accent);
      text-decoration: none;
    }

    [part='open-link']:hover {
      text-decoration: underline;
    }

    [part='retry-button'] {
      justify-self: start;
      color: var(--pay-color-accent-text);
      background: var(--pay-color-accent);
      border-color: var(--pay-color-accent);
    }

    button:focus-visible,
    [part='open-link']:focus-visible {
      outline: var(--pay-focus-ring-width) solid var(--pay-color-focus);
      outline-offset: 2px;
    }

    .spinner {
      display: inline-block;
      width: 0.875em;
      height: 0.875em;
      margin-inline-end: 0.5em;
      vertical-align: -0.1em;
      border: 2px solid var(--pay-color-border);
      border-block-start-color: var(--pay-color-accent);
      border-radius: 50%;
      animation: spin 1s linear infinite;
    }

    @keyframes spin {
      to {
        transform: rotate(1turn);
      }
    }

    @media (prefers-reduced-motion: reduce) {
      .spinner {
        animation: none;
      }
    }
  `,
];
