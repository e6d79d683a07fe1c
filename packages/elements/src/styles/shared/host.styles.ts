import { css } from 'lit';

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
