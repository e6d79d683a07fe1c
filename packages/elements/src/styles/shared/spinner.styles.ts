import { css } from 'lit';

/** The loading spinner (`<span class="spinner" aria-hidden="true">`), still under reduced motion. */
export const spinner = css`
  .spinner {
    display: inline-block;
    width: 0.875em;
    height: 0.875em;
    margin-inline-end: 0.5em;
    vertical-align: -0.1em;
    border: 2px solid var(--pay-color-border);
    border-block-start-color: var(--pay-color-accent);
    border-radius: 50%;
    animation: spin 1s linear infinite;
  }

  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
  }

  /* The system would force one colour on every border: keep the spinner's moving arc (in the system
     palette's Highlight on CanvasText) visible. */
  @media (forced-colors: active) {
    .spinner {
      forced-color-adjust: none;
    }
  }
`;
