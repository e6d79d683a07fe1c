import { css } from 'lit';

/** The bordered surface every card-like element draws its content on. */
export const surface = css`
  [part='base'] {
    display: grid;
    gap: calc(var(--pay-spacing) * 0.75);
    padding: var(--pay-spacing);
    background: var(--pay-color-surface);
    border: 1px solid var(--pay-color-border);
    border-radius: var(--pay-radius);
  }
`;
