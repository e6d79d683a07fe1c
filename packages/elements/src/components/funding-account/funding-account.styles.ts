import { css } from 'lit';
import { card } from '../../styles/shared/card.styles.js';
import { details } from '../../styles/shared/details.styles.js';
import { detailsWide } from '../../styles/shared/details-wide.styles.js';
import { filledButton } from '../../styles/shared/filled-button.styles.js';
import { qrFigure } from '../../styles/shared/qr-figure.styles.js';
import { raisedBox } from '../../styles/shared/raised-box.styles.js';
import { tokens } from '../../styles/tokens.styles.js';

export default [
  tokens,
  card,
  details,
  qrFigure,
  css`
    h2,
    h3,
    h4,
    p,
    dl,
    ul {
      margin: 0;
    }

    [part='title'] {
      font-size: 1.25em;
      font-weight: 600;
    }

    h3,
    h4 {
      font-size: 1em;
      font-weight: 600;
    }

    [part='intro'],
    [part='message'],
    [part='no-deposits'] {
      color: var(--pay-color-text-muted);
    }

    [part='reconnecting'] {
      font-weight: 600;
    }

    /* The cards side by side while each has 20rem, stacked below that. */
    [part='accounts'] {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr));
      gap: var(--pay-spacing);
      align-items: start;
    }

    /* Each card is the container its details' layout follows: labels beside values from 28rem. */
    .account {
      display: grid;
      gap: calc(var(--pay-spacing) * 0.75);
      container-type: inline-size;
      min-width: 0;
      ${raisedBox}
    }

    @container (min-width: 28rem) {
      ${detailsWide}
    }

    .details-grid,
    [part='wire'] {
      display: grid;
      gap: calc(var(--pay-spacing) * 0.5);
    }

    [part='wire'] {
      padding-block-start: calc(var(--pay-spacing) * 0.75);
      border-block-start: 1px solid var(--pay-color-border);
    }

    /* The currency in a pill, as the other elements' status badges. */
    [part='currency'] {
      padding: 0.125em 0.75em;
      border: 1px solid currentColor;
      border-radius: 999px;
      font-size: 0.875em;
      font-weight: 600;
      color: var(--pay-color-accent);
    }

    [part='account-header'] {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: calc(var(--pay-spacing) * 0.5);
    }

    /* Left-to-right values keep to the start of their row in a right-to-left layout too. */
    .value {
      justify-self: start;
    }

    /* Numbers and codes read left to right in every language (dir="ltr" in the markup), the account
       number larger than the other details (on one line, as every figure: details.styles.ts). */
    [dir='ltr'] {
      unicode-bidi: isolate;
      font-variant-numeric: tabular-nums;
      letter-spacing: 0.02em;
    }

    [part='account-number'] {
      font-size: 1.125em;
    }

    [part='copy-wire-button'],
    [part='retry-button'] {
      justify-self: start;
      ${filledButton}
      font-size: 1em;
      padding: 0.5em 1em;
    }

    [part='copy-wire-button'][data-copied] {
      background: var(--pay-color-success);
      border-color: var(--pay-color-success);
      color: var(--pay-color-accent-text);
    }

    [part='qr'] {
      border-radius: var(--pay-radius);
      box-shadow: 0 1px 4px rgb(0 0 0 / 0.2);
    }

    [part='deposits'] {
      display: grid;
      gap: calc(var(--pay-spacing) * 0.5);
    }

    [part='total'] {
      font-size: 1.125em;
    }

    [part='deposit-list'] {
      padding: 0;
      list-style: none;
    }

    /* A deposit: its amount, then when it came and where to, wrapping under it on a narrow box. */
    [part~='deposit'] {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      column-gap: var(--pay-spacing);
      padding-block: calc(var(--pay-spacing) * 0.5);
      border-block-end: 1px solid var(--pay-color-border);
    }

    [part='deposit-amount'] {
      font-weight: 700;
      margin-inline-end: auto;
    }

    [part='deposit-time'],
    [part='deposit-account'] {
      color: var(--pay-color-text-muted);
      font-size: 0.875em;
    }

    [part='deposit-account'] {
      flex-basis: 100%;
    }

    /* What just arrived is lit for a moment (not under reduced motion). */
    [part~='deposit-new'] {
      animation: arrive 2s ease-out;
    }

    @keyframes arrive {
      from {
        background: color-mix(in srgb, var(--pay-color-success) 20%, transparent);
      }
    }

    @media (prefers-reduced-motion: reduce) {
      [part~='deposit-new'] {
        animation: none;
      }
    }
  `,
];
