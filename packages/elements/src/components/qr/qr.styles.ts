import { css } from 'lit';
import { tokens } from '../../styles/tokens.styles.js';

export default [
  tokens,
  css`
    :host {
      /* Dark modules on light ground whatever the theme: many phone scanners fail on inverted codes. */
      --pay-qr-size: 12rem;
      --pay-qr-color: #000000;
      --pay-qr-background: #ffffff;

      display: inline-block;
      width: var(--pay-qr-size);
      max-width: 100%;
      vertical-align: middle;
    }

    :host([hidden]) {
      display: none;
    }

    svg {
      display: block;
      width: 100%;
      height: auto;
      border-radius: var(--pay-radius);
    }

    [part='background'] {
      fill: var(--pay-qr-background);
    }

    [part='modules'] {
      fill: var(--pay-qr-color);
    }

    /* Forced colours would repaint the code in the system's colours: a scanner needs it as drawn. */
    @media (forced-colors: active) {
      svg {
        forced-color-adjust: none;
      }
    }
  `,
];
