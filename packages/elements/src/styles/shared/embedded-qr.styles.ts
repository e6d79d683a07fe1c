import { css } from 'lit';

/** A <pay-qr> inside an element: centred, smaller than on its own (with a caption: qrFigure). */
export const embeddedQr = css`
  [part='qr'] {
    justify-self: center;
    --pay-qr-size: 10rem;
  }
`;
