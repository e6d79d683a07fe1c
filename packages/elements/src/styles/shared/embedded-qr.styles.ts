import { css } from 'lit';

/** A <pay-qr> inside an element: centred, smaller than on its own, with its caption under it. */
export const embeddedQr = css`
  [part='qr'] {
    justify-self: center;
    --pay-qr-size: 10rem;
  }

  .qr-figure {
    display: grid;
    justify-items: center;
    gap: 0.25rem;
    margin: 0;
  }

  [part='qr-caption'] {
    color: var(--pay-color-text-muted);
    font-size: 0.875em;
    text-align: center;
  }
`;
