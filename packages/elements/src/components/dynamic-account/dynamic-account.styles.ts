import { css } from 'lit';
import { card } from '../../styles/shared/card.styles.js';
import { details } from '../../styles/shared/details.styles.js';
import { detailsWide } from '../../styles/shared/details-wide.styles.js';
import { filledButton } from '../../styles/shared/filled-button.styles.js';
import { focusRing } from '../../styles/shared/focus-ring.styles.js';
import { raisedBox } from '../../styles/shared/raised-box.styles.js';
import { qrFigure } from '../../styles/shared/qr-figure.styles.js';
import { tokens } from '../../styles/tokens.styles.js';

export default [
  tokens,
  card,
  details,
  qrFigure,
  css`
    :host {
      --pay-progress-height: 0.375rem;
      --pay-progress-color: var(--pay-color-accent);
      --pay-progress-track-color: var(--pay-color-border);
    }

    /* The box is the container its text sizes follow (the host stays sized by its page). */
    [part='base'] {
      container-type: inline-size;
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
      gap: calc(var(--pay-spacing) * 0.75);
      margin: 0;
      ${raisedBox}
    }

    /* Beside their labels from 30rem: a seven-figure amount fits its column there (at 28rem it broke) */
    @container (min-width: 30rem) {
      ${detailsWide}
      .copyable {
        --pay-room: (100cqi - 7rem);
      }
    }

    /* The amount first, then the account number, each larger than the other details (1rem), and
       each stepping down with its value's width (cqi: each dd is a container) rather than wrapping:
       the room (less a copy button beside it) shared among the characters of the text
       (--pay-amount-chars and --pay-number-chars, set by the element on the list; a bold character
       is about 0.66em wide, 0.68 leaves room). The account number never outgrows the amount. Written
       without spaces: the minifier leaves a custom property's value as it is. */
    /* prettier-ignore */
    dd {
      container-type: inline-size;
      --pay-amount-size: clamp(1.2rem,var(--pay-room,100cqi)/(var(--pay-amount-chars,12)*.68),1.75rem);
      --pay-number-size: clamp(.875rem,var(--pay-room,100cqi)/(var(--pay-number-chars,12)*.72),1.375rem);
    }

    [part='amount'] {
      font-size: var(--pay-amount-size);
      font-weight: 700;
    }

    [part='account-number'] {
      font-size: min(var(--pay-number-size), var(--pay-amount-size) * 0.94);
    }

    /* The account number and the amount read left to right in every language (dir="ltr" in the
       markup), and keep to the start of their row in a right-to-left layout too. */
    [part='account-number'],
    [part='amount'] {
      justify-self: start;
      line-height: 1.25;
      font-variant-numeric: tabular-nums;
      letter-spacing: 0.02em;
      unicode-bidi: isolate;
    }

    [part='low-time'],
    [part='new-account'] {
      margin: 0;
      padding: calc(var(--pay-spacing) * 0.5) calc(var(--pay-spacing) * 0.75);
      border-inline-start: 4px solid currentColor;
      border-radius: calc(var(--pay-radius) * 0.5);
      background: var(--pay-color-surface-raised);
      font-weight: 600;
    }

    [part='low-time'] {
      color: var(--pay-color-danger);
    }

    [part='new-account'] {
      color: var(--pay-color-accent);
    }

    [part='already-sent'] {
      color: var(--pay-color-text-muted);
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

    [part='status-icon'] {
      width: 2rem;
      height: 2rem;
    }

    /* the paid state's colour and receipt link come with it, in dynamic-account.later.ts */
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
