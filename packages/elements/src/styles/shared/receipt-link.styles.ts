import { css } from 'lit';
import { focusRing } from './focus-ring.styles.js';

/** The link to a receipt: a link in the accent colour, with the focus ring (renderReceiptLink). */
export const receiptLink = css`
  [part='receipt-link'] {
    justify-self: start;
    color: var(--pay-color-accent);
    font-weight: 600;
    text-underline-offset: 0.2em;
  }

  [part='receipt-link']:focus-visible {
    ${focusRing}
  }
`;
