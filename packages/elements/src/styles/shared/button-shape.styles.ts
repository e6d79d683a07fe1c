import { css } from 'lit';

/** Declarations: the size and shape of a small button (also for a link drawn as one). */
export const buttonShape = css`
  font: inherit;
  font-size: 0.875em;
  border-radius: calc(var(--pay-radius) * 0.75);
  padding: 0.25em 0.75em;
  min-height: 2rem;
  transition:
    background-color var(--pay-transition-duration),
    color var(--pay-transition-duration);
`;
