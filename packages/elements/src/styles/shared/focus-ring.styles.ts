import { css } from 'lit';

/** Declarations: the visible focus ring of anything that takes focus. */
export const focusRing = css`
  outline: var(--pay-focus-ring-width) solid var(--pay-color-focus);
  outline-offset: 2px;
`;
