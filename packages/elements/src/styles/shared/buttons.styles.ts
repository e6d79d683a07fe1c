import { css } from 'lit';
import { focusRing } from './focus-ring.styles.js';
import { buttonShape } from './button-shape.styles.js';

/**
 * Buttons: small, outlined in the accent colour (the copy buttons), in the success colour once they
 * have copied, with the focus ring. A primary button fills itself with `filledButton`.
 */
export const buttons = css`
  button {
    ${buttonShape}
    cursor: pointer;
    color: var(--pay-color-accent);
    background: transparent;
    border: 1px solid currentColor;
  }

  button[data-copied] {
    color: var(--pay-color-success);
  }

  button:focus-visible {
    ${focusRing}
  }
`;
