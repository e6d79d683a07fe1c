import { css } from 'lit';

/**
 * A description list of payment details: a muted term above its value (beside it once the list is
 * wide, see `detailsWide`); free text wraps, figures do not. A row with a copy button (`.row.copyable`) puts the button at the end of
 * the term's line, so the value has the whole width and the buttons line up from row to row.
 */
export const details = css`
  dt {
    color: var(--pay-color-text-muted);
    font-size: 0.875em;
  }

  dd {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: calc(var(--pay-spacing) * 0.5);
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  /* A figure (an amount, an account number, a code: dir="ltr") never breaks inside: its size fits it */
  dd > [dir='ltr'] {
    white-space: nowrap;
  }

  /* a row gap only: a wide list's rows (subgrids) take the list's column gap, apart from their labels */
  .row {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    row-gap: 0.125rem;
    align-items: center;
  }

  .copyable {
    position: relative;
  }

  .copyable dt {
    display: flex;
    align-items: center;
    min-height: 2rem;
    padding-inline-end: 6rem;
  }

  .copyable [part~='copy-button'] {
    position: absolute;
    inset-block-start: 0;
    inset-inline-end: 0;
  }
`;
