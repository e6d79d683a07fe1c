// What <pay-invoice-view> says in English, and the shape of its words that every language fills.
import type { InvoiceChargeView, InvoiceStatus } from '@pay-elements/protocol';
import type {
  IdentityTranslation,
  FailureTranslation,
  CopyTranslation,
  PaymentDetailsTranslation,
  ReceiptTranslation,
} from '../parts.js';
import { copying, failure, identity, paymentDetails, receipt } from './shared.js';

/** <pay-invoice-view>. */
export interface InvoiceViewTranslation {
  /** Amounts and dates arrive formatted. */
  invoice: {
    /** Accessible name of the element and its heading: "Invoice INV-000101". */
    title: (number: string) => string;
    loading: string;
    /** The status badge's words. */
    status: Record<InvoiceStatus, string>;
    /** The sentence under the heading in each status. */
    statusBody: Record<InvoiceStatus, string>;
    /** Announced when the status changes while the invoice is shown: "Invoice paid". */
    statusAnnouncement: Record<InvoiceStatus, string>;
    dueDateLabel: string;
    issuedLabel: string;
    /** The items table's caption. */
    itemsCaption: string;
    itemColumn: string;
    quantityColumn: string;
    unitPriceColumn: string;
    lineTotalColumn: string;
    subtotal: string;
    total: string;
    /** The name of each kind of charge. */
    charge: Record<InvoiceChargeView['kind'], string>;
    /** A percentage charge with its rate: "Tax (7.5%)". */
    chargeWithRate: (name: string, rate: string) => string;
    noteLabel: string;
    paymentDetailsTitle: string;
    /** "Transfer NGN 287,625.00 to this account" */
    paymentInstructions: (total: string) => string;
    currencyLabel: string;
    swiftCodeLabel: string;
    copySwiftCode: string;
    copiedSwiftCode: string;
    copyTotal: string;
    copiedTotal: string;
    /** Accessible name of the QR code of the hosted invoice page. */
    qrLabel: string;
    print: string;
    errorTitle: string;
    /** The 404 message. */
    notFound: string;
  };
}

/** What <pay-invoice-view> reads (its `localize.term`): its words and the shared ones. */
export type InvoiceViewTerms = IdentityTranslation &
  FailureTranslation &
  CopyTranslation &
  PaymentDetailsTranslation &
  ReceiptTranslation &
  InvoiceViewTranslation;

export const enInvoiceView: InvoiceViewTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  ...receipt,
  invoice: {
    title: (number) => `Invoice ${number}`,
    loading: 'Loading the invoice…',
    status: { pending: 'Awaiting payment', paid: 'Paid', overdue: 'Overdue', cancelled: 'Cancelled' },
    statusBody: {
      pending: 'Pay by bank transfer to the account below. This page updates by itself.',
      paid: 'This invoice is paid. Thank you.',
      overdue: 'The due date has passed. You can still pay by bank transfer to the account below.',
      cancelled: 'This invoice was cancelled. Do not pay it.',
    },
    statusAnnouncement: {
      pending: 'Invoice awaiting payment',
      paid: 'Invoice paid',
      overdue: 'Invoice overdue',
      cancelled: 'Invoice cancelled',
    },
    dueDateLabel: 'Due date',
    issuedLabel: 'Issued',
    itemsCaption: 'Items',
    itemColumn: 'Item',
    quantityColumn: 'Quantity',
    unitPriceColumn: 'Unit price',
    lineTotalColumn: 'Amount',
    subtotal: 'Subtotal',
    total: 'Total',
    charge: { discount: 'Discount', tax: 'Tax', fee: 'Fee', shipping: 'Shipping' },
    chargeWithRate: (name, rate) => `${name} (${rate})`,
    noteLabel: 'Note',
    paymentDetailsTitle: 'Payment details',
    paymentInstructions: (total) => `Transfer ${total} to this account`,
    currencyLabel: 'Currency',
    swiftCodeLabel: 'SWIFT code',
    copySwiftCode: 'Copy SWIFT code',
    copiedSwiftCode: 'SWIFT code copied',
    copyTotal: 'Copy total',
    copiedTotal: 'Total copied',
    qrLabel: 'QR code to pay this invoice on another device',
    print: 'Print or save as PDF',
    errorTitle: 'We could not load this invoice',
    notFound: 'This invoice does not exist',
  },
};
