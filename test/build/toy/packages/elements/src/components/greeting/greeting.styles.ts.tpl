import { css } from 'lit';
import { buttonShape } from '../../styles/shared/button-shape.styles.js';
import { card } from '../../styles/shared/card.styles.js';
import { filledButton } from '../../styles/shared/filled-button.styles.js';
import { focusRing } from '../../styles/shared/focus-ring.styles.js';
import { tokens } from '../../styles/tokens.styles.js';

export default [
  tokens,
  card,
  buttonShape,
  filledButton,
  focusRing,
  css`
    [part='text'] {
      margin: 0 0 var(--pay-spacing);
      font-size: 1.125em;
    }
  `,
];
