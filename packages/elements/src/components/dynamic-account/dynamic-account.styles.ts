import { css } from 'lit';
import { tokens } from '../../styles/tokens.styles.js';

export default [
  tokens,
  css`
    :host {
      --pay-progress-height: 0.375rem;
      --pay-progress-color: var(--pay-color-accent);
      --pay-progress-track-color: var(--pay-color-border);

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

    [part='title'] {
      margin: 0;
      font-size: 1.125em;
      font-weight: 600;
    }

    [part='title']:focus {
      outline: none;
    }

    [part='title']:focus-visible {
      outline: var(--pay-focus-ring-width) solid var(--pay-color-focus);
      outline-offset: 2px;
    }

    p {
      margin: 0;
    }

    [part='instructions'],
    [part='message'] {
      color: var(--pay-color-text-muted);
    }

    [part='reconnecting'] {
      color: var(--pay-color-text);
      font-weight: 600;
    }

    [part='details'] {
      display: grid;
      gap: calc(var(--pay-spacing) * 0.5);
      margin: 0;
      padding: calc(var(--pay-spacing) * 0.75);
      background: var(--pay-color-surface-raised);
      border-radius: calc(var(--pay-radius) * 0.75);
    }

    .row {
      display: grid;
      grid-template-columns: minmax(7rem, auto) 1fr;
      align-items: center;
      gap: calc(var(--pay-spacing) * 0.5);
    }

    dt {
      color: var(--pay-color-text-muted);
      font-size: 0.875em;
    }

    dd {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: calc(var(--pay-spacing) * 0.5);
      margin: 0;
      font-weight: 600;
    }

    [part='account-number'],
    [part='amount'] {
      font-variant-numeric: tabular-nums;
      font-size: 1.125em;
      letter-spacing: 0.02em;
    }

    button {
      font: inherit;
      font-size: 0.875em;
      cursor: pointer;
      border-radius: calc(var(--pay-radius) * 0.75);
      padding: 0.25em 0.75em;
      min-height: 2rem;
      transition:
        background-color var(--pay-transition-duration),
        color var(--pay-transition-duration);
    }

    button:focus-visible {
      outline: var(--pay-focus-ring-width) solid var(--pay-color-focus);
      outline-offset: 2px;
    }

    [part~='copy-button'] {
      color: var(--pay-color-accent);
      background: transparent;
      border: 1px solid currentColor;
    }

    [part~='copy-button'][data-copied] {
      color: var(--pay-color-success);
    }

    [part='renew-button'],
    [part='retry-button'] {
      justify-self: start;
      color: var(--pay-color-accent-text);
      background: var(--pay-color-accent);
      border: 1px solid var(--pay-color-accent);
      font-size: 1em;
      padding: 0.5em 1em;
    }

    button[aria-disabled='true'] {
      cursor: progress;
      opacity: 0.7;
    }

    [part='countdown'] {
      display: grid;
      gap: 0.25rem;
      font-variant-numeric: tabular-nums;
    }

    [part='progress'] {
      height: var(--pay-progress-height);
      overflow: hidden;
      background: var(--pay-progress-track-color);
      border-radius: var(--pay-progress-height);
    }

    /* The fill shrinks towards the start side: the left, or the right in a right-to-left context. */
    [part='progress-indicator'] {
      height: 100%;
      background: var(--pay-progress-color);
      transform-origin: left center;
      transition: transform var(--pay-transition-duration) linear;
    }

    :host(:dir(rtl)) [part='progress-indicator'] {
      transform-origin: right center;
    }

    /* The account number reads left to right in every language (dir="ltr" in the markup). */
    [part='account-number'] {
      unicode-bidi: isolate;
    }

    [part='status-icon'] {
      width: 2rem;
      height: 2rem;
    }

    :host(:state(paid)) [part='status-icon'] {
      color: var(--pay-color-success);
    }

    :host(:state(expired)) [part='status-icon'],
    :host(:state(error)) [part='status-icon'] {
      color: var(--pay-color-danger);
    }

    [part='qr'] {
      justify-self: center;
      --pay-qr-size: 10rem;
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

    /* The system paints every background as Canvas: draw the track's outline and the fill in Highlight. */
    @media (forced-colors: active) {
      [part='progress'] {
        border: 1px solid CanvasText;
      }

      [part='progress-indicator'] {
        forced-color-adjust: none;
        background: Highlight;
      }
    }
  `,
];
