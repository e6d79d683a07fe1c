import { css } from 'lit';

/** Declarations: the colours of a filled (primary) button: retry, renew, print, open. */
export const filledButton = css`
  color: var(--pay-color-accent-text);
  background: var(--pay-color-accent);
  border: 1px solid var(--pay-color-accent);
`;
