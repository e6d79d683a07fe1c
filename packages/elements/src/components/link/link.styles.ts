import { css } from 'lit';
import { card } from '../../styles/shared/card.styles.js';
import { buttonShape } from '../../styles/shared/button-shape.styles.js';
import { filledButton } from '../../styles/shared/filled-button.styles.js';
import { focusRing } from '../../styles/shared/focus-ring.styles.js';
import { header } from '../../styles/shared/header.styles.js';
import { tokens } from '../../styles/tokens.styles.js';

export default [
  tokens,
  card,
  header,
  css`
    h2,
    p,
    dl {
      margin: 0;
    }

    [part='title'] {
      font-size: 1.125em;
      font-weight: 600;
      overflow-wrap: anywhere;
    }

    [part='status-badge'][data-status='inactive'] {
      color: var(--pay-color-text-muted);
    }

    [part='status-badge'][data-status='expired'] {
      color: var(--pay-color-danger);
    }

    [part='status-text'],
    [part='description'],
    [part='message'],
    dt {
      color: var(--pay-color-text-muted);
    }

    [part='description'] {
      white-space: pre-line;
      overflow-wrap: anywhere;
    }

    [part='amount'] {
      font-size: 1.5em;
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }

    /* The box is the container its layout follows: the label above its value on a phone, beside it
       once there is room. */
    [part='base'] {
      container-type: inline-size;
    }

    .row {
      display: grid;
      grid-template-columns: minmax(0, 1fr);
      gap: 0.125rem;
    }

    @container (min-width: 28rem) {
      .row {
        grid-template-columns: minmax(5rem, auto) 1fr;
        gap: calc(var(--pay-spacing) * 0.5);
      }
    }

    dt {
      font-size: 0.875em;
    }

    dd {
      margin: 0;
    }

    [part='actions'] {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: calc(var(--pay-spacing) * 0.5);
    }

    [part='open-link'] {
      ${buttonShape}
      box-sizing: border-box;
      display: inline-flex;
      align-items: center;
      ${filledButton}
      text-decoration: none;
    }

    [part='open-link']:hover {
      text-decoration: underline;
    }

    [part='retry-button'] {
      justify-self: start;
      ${filledButton}
    }

    [part='open-link']:focus-visible {
      ${focusRing}
    }
  `,
];
