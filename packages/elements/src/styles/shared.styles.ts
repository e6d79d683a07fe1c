// The rules the elements share, each written once. An element composes the ones it uses after the
// tokens and before its own rules: `static styles = [tokens, host, spinner, …, own]`. Its own rules
// come last, so they refine these at equal specificity (a wider gap, another badge colour).
//
// Some exports are declarations, not rules (`focusRing`, `filledButton`, `raisedBox`, `buttonShape`):
// interpolate them into a rule of the element's own selector, `[part='x']:focus-visible { ${focusRing} }`.
import { css } from 'lit';

/** Declarations: the visible focus ring of anything that takes focus. */
export const focusRing = css`
  outline: var(--pay-focus-ring-width) solid var(--pay-color-focus);
  outline-offset: 2px;
`;

/** Declarations: the colours of a filled (primary) button: retry, renew, print, open. */
export const filledButton = css`
  color: var(--pay-color-accent-text);
  background: var(--pay-color-accent);
  border: 1px solid var(--pay-color-accent);
`;

/** Declarations: a box set off on the surface (payment details, account details). */
export const raisedBox = css`
  padding: calc(var(--pay-spacing) * 0.75);
  background: var(--pay-color-surface-raised);
  border-radius: calc(var(--pay-radius) * 0.75);
`;

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

/** The element's own box: a block in the element's font and colours, gone under `hidden`. */
export const host = css`
  :host {
    display: block;
    box-sizing: border-box;
    color: var(--pay-color-text);
    font-family: var(--pay-font-family);
    font-size: var(--pay-font-size);
    line-height: 1.5;
  }

  :host([hidden]) {
    display: none;
  }
`;

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

/**
 * A description list of payment details: a muted term above its value (beside it once the list is
 * wide, see `detailsWide`). A row with a copy button (`.row.copyable`) puts the button at the end of
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

  .row {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.125rem;
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

/**
 * Buttons: small, outlined in the accent colour (the copy buttons), in the success colour once they
 * have copied, with the focus ring. A primary button fills itself with `filledButton`.
 */
export const buttons = css`
  button {
    ${buttonShape}
    cursor: pointer;
    color: var(--pay-color-accent);
    background: transparent;
    border: 1px solid currentColor;
  }

  button[data-copied] {
    color: var(--pay-color-success);
  }

  button:focus-visible {
    ${focusRing}
  }
`;

/** A <pay-qr> inside an element: centred, smaller than on its own, with its caption under it. */
export const embeddedQr = css`
  [part='qr'] {
    justify-self: center;
    --pay-qr-size: 10rem;
  }

  .qr-figure {
    display: grid;
    justify-items: center;
    gap: 0.25rem;
    margin: 0;
  }

  [part='qr-caption'] {
    color: var(--pay-color-text-muted);
    font-size: 0.875em;
    text-align: center;
  }
`;

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

/** Text for assistive technology only (live regions, spoken forms of numbers). */
export const visuallyHidden = css`
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;

/**
 * What every card-like element (dynamic account, invoice view, link) starts from: its box, its
 * surface, buttons, an embedded QR code, the spinner and visually hidden text.
 */
export const card = [host, surface, buttons, embeddedQr, spinner, visuallyHidden];
