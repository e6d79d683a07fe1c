import { css } from 'lit';
import { card } from '../../styles/shared/card.styles.js';
import { details } from '../../styles/shared/details.styles.js';
import { detailsWide } from '../../styles/shared/details-wide.styles.js';
import { filledButton } from '../../styles/shared/filled-button.styles.js';
import { focusRing } from '../../styles/shared/focus-ring.styles.js';
import { header } from '../../styles/shared/header.styles.js';
import { raisedBox } from '../../styles/shared/raised-box.styles.js';
import { receiptLink } from '../../styles/shared/receipt-link.styles.js';
import { tokens } from '../../styles/tokens.styles.js';

export default [
  tokens,
  card,
  header,
  details,
  receiptLink,
  css`
    /* The box is the container its layout follows: labels beside values, a table or stacked rows. */
    [part='base'] {
      gap: var(--pay-spacing);
      container-type: inline-size;
    }

    h2,
    h3,
    p,
    dl {
      margin: 0;
    }

    [part='title'] {
      font-size: 1.25em;
      font-weight: 600;
    }

    h3 {
      font-size: 1em;
      font-weight: 600;
    }

    [part='message'],
    [part='instructions'] {
      color: var(--pay-color-text-muted);
    }

    [part='reconnecting'] {
      color: var(--pay-color-text);
      font-weight: 600;
    }

    [part='status-badge'][data-status='paid'] {
      color: var(--pay-color-success);
    }

    [part='status-badge'][data-status='overdue'] {
      color: var(--pay-color-danger);
    }

    [part='status-badge'][data-status='cancelled'] {
      color: var(--pay-color-text-muted);
    }

    [part='summary'],
    [part='payment-details'] dl {
      display: grid;
      gap: calc(var(--pay-spacing) * 0.5);
    }

    @container (min-width: 28rem) {
      ${detailsWide}
    }

    /* Left-to-right values keep to the start of their row in a right-to-left layout too. */
    .value {
      justify-self: start;
    }

    /* The total to transfer stands out from the other details. */
    .amount {
      font-size: 1.25em;
      font-weight: 700;
    }

    .table-wrap {
      overflow-x: auto;
    }

    table {
      width: 100%;
      border-collapse: collapse;
      font-variant-numeric: tabular-nums;
    }

    caption {
      text-align: start;
      font-weight: 600;
      padding-block-end: calc(var(--pay-spacing) * 0.5);
    }

    th,
    td {
      padding: calc(var(--pay-spacing) * 0.375) calc(var(--pay-spacing) * 0.5);
      text-align: start;
      vertical-align: top;
      border-block-end: 1px solid var(--pay-color-border);
    }

    thead th {
      color: var(--pay-color-text-muted);
      font-size: 0.875em;
      font-weight: 600;
      background: var(--pay-color-surface-raised);
    }

    tbody th {
      font-weight: normal;
      overflow-wrap: anywhere;
    }

    .num {
      text-align: end;
      white-space: nowrap;
    }

    tfoot th {
      text-align: end;
      font-weight: normal;
      color: var(--pay-color-text-muted);
    }

    tfoot tr:not(.total-row) th,
    tfoot tr:not(.total-row) td {
      border-block-end: none;
    }

    .total-row th,
    .total-row td {
      font-weight: 700;
      color: var(--pay-color-text);
      border-block-start: 2px solid var(--pay-color-text);
      border-block-end: none;
    }

    [part='note'] {
      white-space: pre-line;
      overflow-wrap: anywhere;
    }

    .note {
      display: grid;
      gap: 0.25rem;
    }

    [part='payment-details'] {
      display: grid;
      gap: calc(var(--pay-spacing) * 0.75);
      ${raisedBox}
    }

    .value,
    [part='account-number'] {
      font-variant-numeric: tabular-nums;
      letter-spacing: 0.02em;
    }

    /* Account numbers and codes read left to right in every language (dir="ltr" in the markup). */
    [part='account-number'],
    [part='swift-code'] {
      unicode-bidi: isolate;
    }

    .table-wrap:focus-visible {
      ${focusRing}
    }

    [part='print-button'],
    [part='retry-button'] {
      justify-self: start;
      ${filledButton}
      font-size: 1em;
      padding: 0.5em 1em;
    }

    [part='qr'] {
      border-radius: var(--pay-radius);
      box-shadow: 0 1px 4px rgb(0 0 0 / 0.2);
    }

    /* A narrow box: each item a block of its own (name, then quantity, price and amount, each with
       its column's name), the totals as label-and-value lines. Nothing scrolls, nothing is cut. */
    @container (max-width: 32rem) {
      table,
      tbody,
      tfoot,
      tr,
      th,
      td {
        display: block;
      }

      thead {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
        white-space: nowrap;
      }

      tbody tr {
        display: grid;
        gap: 0.125rem;
        padding-block: calc(var(--pay-spacing) * 0.5);
        border-block-end: 1px solid var(--pay-color-border);
      }

      tbody th,
      tbody td,
      tfoot th,
      tfoot td {
        padding: 0;
        border: none;
      }

      tbody th {
        font-weight: 600;
      }

      tbody td,
      tfoot tr {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        column-gap: var(--pay-spacing);
      }

      tfoot tr {
        padding-block: calc(var(--pay-spacing) * 0.375);
      }

      tfoot th {
        text-align: start;
      }

      /* a figure that wraps under its label still keeps to the end */
      tfoot td {
        margin-inline-start: auto;
      }

      .total-row {
        border-block-start: 2px solid var(--pay-color-text);
      }

      .total-row th,
      .total-row td {
        border: none;
      }

      tbody td::before {
        content: attr(data-label) / '';
        color: var(--pay-color-text-muted);
        font-size: 0.875em;
        font-weight: normal;
      }
    }

    /* A plain document on paper: black on white whatever the theme, no buttons, no shadows, and a
       table that fits the page's width. */
    @media print {
      :host,
      :host([theme]),
      :host(:not([theme='light'])) {
        --pay-color-text: #000000;
        --pay-color-text-muted: #000000;
        --pay-color-surface: #ffffff;
        --pay-color-surface-raised: #ffffff;
        --pay-color-border: #000000;
        --pay-color-accent: #000000;
        --pay-color-success: #000000;
        --pay-color-danger: #000000;
        color: #000000;
        background: #ffffff;
      }

      [part='base'] {
        border: none;
        padding: 0;
      }

      button,
      .spinner,
      [role='status'],
      [part='receipt-link'] {
        display: none;
      }

      [part='qr'] {
        box-shadow: none;
      }

      .table-wrap {
        overflow: visible;
      }

      table {
        table-layout: fixed;
      }

      thead th:first-child {
        width: 34%;
      }

      [part='payment-details'] {
        padding: 0;
      }

      .num {
        white-space: normal;
        overflow-wrap: anywhere;
      }

      tr,
      [part='payment-details'] {
        break-inside: avoid;
      }
    }
  `,
];
