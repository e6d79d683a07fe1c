import { css } from 'lit';
import { card, details, filledButton, focusRing, raisedBox } from '../../styles/shared.styles.js';
import { tokens } from '../../styles/tokens.styles.js';

export default [
  tokens,
  card,
  details,
  css`
    :host {
      --pay-progress-height: 0.375rem;
      --pay-progress-color: var(--pay-color-accent);
      --pay-progress-track-color: var(--pay-color-border);
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
      ${focusRing}
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
      ${raisedBox}
    }

    .row {
      display: grid;
      grid-template-columns: minmax(7rem, auto) 1fr;
      align-items: center;
      gap: calc(var(--pay-spacing) * 0.5);
    }

    [part='account-number'],
    [part='amount'] {
      font-variant-numeric: tabular-nums;
      font-size: 1.125em;
      letter-spacing: 0.02em;
    }

    [part='renew-button'],
    [part='retry-button'] {
      justify-self: start;
      ${filledButton}
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
