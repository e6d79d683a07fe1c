import { css } from 'lit';

/** The header row (title, status badge) and the badge: the status in words, in a pill. */
export const header = css`
  [part='header'] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: calc(var(--pay-spacing) * 0.5);
  }

  /* Its colour (set per status by the element) only repeats what the words say. */
  [part='status-badge'] {
    display: inline-block;
    padding: 0.125em 0.75em;
    border: 1px solid currentColor;
    border-radius: 999px;
    font-size: 0.875em;
    font-weight: 600;
    color: var(--pay-color-accent);
  }
`;
