import { css } from 'lit';

/**
 * Declarations for a container query (`@container (min-width: 28rem) { ${detailsWide} }`): in a wide
 * element the terms stand in one column beside the values, rows aligned through a subgrid, and the
 * copy buttons at the end of the values' line.
 */
export const detailsWide = css`
  .details-grid {
    grid-template-columns: minmax(7rem, max-content) minmax(0, 1fr);
    column-gap: var(--pay-spacing);
  }

  .details-grid > .row {
    grid-column: 1 / -1;
    grid-template-columns: subgrid;
  }

  .copyable dt {
    padding-inline-end: 0;
  }

  .copyable [part~='copy-button'] {
    position: static;
  }
`;
