import { css } from 'lit';

/** Declarations: a box set off on the surface (payment details, account details). */
export const raisedBox = css`
  padding: calc(var(--pay-spacing) * 0.75);
  background: var(--pay-color-surface-raised);
  border-radius: calc(var(--pay-radius) * 0.75);
`;
