import { css } from 'lit';

/** A <pay-qr> with its caption under it (`<figure class="qr-figure">`; <pay-qr> hides it while it draws no code). */
export const qrFigure = css`
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
