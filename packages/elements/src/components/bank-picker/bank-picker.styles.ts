import { css } from 'lit';
import { filledButton } from '../../styles/shared/filled-button.styles.js';
import { focusRing } from '../../styles/shared/focus-ring.styles.js';
import { host } from '../../styles/shared/host.styles.js';
import { spinner } from '../../styles/shared/spinner.styles.js';
import { visuallyHidden } from '../../styles/shared/visually-hidden.styles.js';
import { tokens } from '../../styles/tokens.styles.js';

export default [
  tokens,
  host,
  spinner,
  visuallyHidden,
  css`
    :host {
      --pay-bank-picker-list-height: 18rem;

      position: relative;
    }

    [part='label'] {
      display: block;
      margin-block-end: 0.25rem;
      font-weight: 600;
    }

    .field {
      position: relative;
    }

    [part='control'] {
      display: flex;
      align-items: center;
      background: var(--pay-color-surface);
      border: 1px solid var(--pay-color-border);
      border-radius: var(--pay-radius);
      transition: border-color var(--pay-transition-duration);
    }

    [part='control']:focus-within {
      outline: var(--pay-focus-ring-width) solid var(--pay-color-focus);
      outline-offset: 1px;
    }

    :host(:state(error)) [part='control'] {
      border-color: var(--pay-color-danger);
    }

    [part='input'] {
      flex: 1;
      min-width: 0;
      min-height: 2.5rem;
      padding: 0.5em 0.75em;
      color: inherit;
      font: inherit;
      background: transparent;
      border: 0;
      border-radius: var(--pay-radius);
      outline: none;
    }

    [part='input']::placeholder {
      color: var(--pay-color-text-muted);
      opacity: 1;
    }

    [part='toggle'] {
      display: grid;
      place-items: center;
      width: 2.5rem;
      min-height: 2.5rem;
      padding: 0;
      color: var(--pay-color-text-muted);
      background: transparent;
      border: 0;
      cursor: pointer;
    }

    [part='toggle'] svg {
      width: 1.5rem;
      height: 1.5rem;
      transition: transform var(--pay-transition-duration);
    }

    :host(:state(open)) [part='toggle'] svg {
      transform: rotate(180deg);
    }

    [part='control']:has(:disabled) {
      opacity: 0.6;
    }

    [part='input']:disabled,
    [part='toggle']:disabled {
      cursor: not-allowed;
    }

    [part='popup'] {
      position: absolute;
      z-index: 10;
      inset-inline: 0;
      inset-block-start: calc(100% + 0.25rem);
      background: var(--pay-color-surface);
      border: 1px solid var(--pay-color-border);
      border-radius: var(--pay-radius);
      box-shadow: 0 0.5rem 1.5rem rgb(0 0 0 / 0.15);
    }

    [part='popup'][hidden],
    [part='listbox'][hidden] {
      display: none;
    }

    [part='listbox'] {
      max-height: var(--pay-bank-picker-list-height);
      padding-block: 0.25rem;
      overflow-y: auto;
      overscroll-behavior: contain;
    }

    [part='group-label'] {
      padding: 0.5em 0.75em 0.25em;
      color: var(--pay-color-text-muted);
      font-size: 0.8125em;
      font-weight: 600;
      text-transform: uppercase;
      letter-spacing: 0.04em;
    }

    [part='group'] + [part='group'] {
      border-block-start: 1px solid var(--pay-color-border);
    }

    [part~='option'] {
      display: flex;
      align-items: center;
      gap: 0.5em;
      min-height: 2.25rem;
      padding: 0.25em 0.75em;
      cursor: pointer;
    }

    [part~='option']:hover,
    [part~='option-active'] {
      background: var(--pay-color-surface-raised);
    }

    [part~='option-active'] {
      outline: var(--pay-focus-ring-width) solid var(--pay-color-focus);
      outline-offset: calc(var(--pay-focus-ring-width) * -1);
    }

    [part~='option-selected'] {
      font-weight: 600;
    }

    .mark {
      flex: none;
      width: 1em;
      color: var(--pay-color-accent);
    }

    [part='message'],
    [part='hint'] {
      margin: 0;
      padding: 0.5em 0.75em;
      color: var(--pay-color-text-muted);
    }

    [part='hint'] {
      border-block-start: 1px solid var(--pay-color-border);
      font-size: 0.875em;
    }

    [part='error'] {
      display: grid;
      gap: 0.25rem;
      justify-items: start;
      margin-block-start: 0.5rem;
      color: var(--pay-color-danger);
    }

    [part='error'] p {
      margin: 0;
    }

    [part='error-title'] {
      font-weight: 600;
    }

    [part='retry-button'] {
      min-height: 2rem;
      padding: 0.25em 0.75em;
      font: inherit;
      ${filledButton}
      border-radius: calc(var(--pay-radius) * 0.75);
      cursor: pointer;
    }

    [part='retry-button']:focus-visible {
      ${focusRing}
    }

    /* The system paints every background as Canvas: show the active option as the system does. */
    @media (forced-colors: active) {
      [part~='option-active'] {
        forced-color-adjust: none;
        color: HighlightText;
        background: Highlight;
        outline-color: Highlight;
      }
    }
  `,
];
