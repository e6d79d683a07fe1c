// The invoice as the widget sees it (protocol InvoiceViewModel), built from the provider's invoice
// by plain functions: exact decimal arithmetic, no float ever holds an amount. The provider's item
// prices and totals are JSON numbers: each is read as the shortest decimal that stands for it.
import { InvoiceViewModel, type InvoiceChargeView, type InvoiceStatus } from '@pay-elements/protocol';
import { decimal, type InvoiceView } from '@pay-elements/api';
import { ProviderDataError } from '../../errors.js';

/** The view without `server_time` (what the ETag is computed over). */
export type StableInvoiceView = Omit<InvoiceViewModel, 'server_time'>;

/** Whether nothing more will change: paid or cancelled (its status stream then ends). */
export const finalInvoice = (view: StableInvoiceView) =>
  view.status === 'paid' || view.status === 'cancelled';

/** A figure the kit computed that differs from the provider's (the provider's is shown). */
export interface InvoiceDiscrepancy {
  field: string;
  provider: string;
  computed: string;
}

export interface InvoiceViewResult {
  view: StableInvoiceView;
  discrepancies: InvoiceDiscrepancy[];
  /** the provider's status when the kit did not recognise it (then read as pending) */
  unknownStatus: string | null;
}

/**
 * The provider's status words, normalised (lower-case, `-` and spaces as `_`), onto the protocol's.
 * A `pending` one whose due date has passed reads `overdue`; an unknown word reads as pending.
 */
const STATUS_WORDS: Readonly<Record<string, InvoiceStatus>> = {
  pending: 'pending',
  unpaid: 'pending',
  open: 'pending',
  sent: 'pending',
  draft: 'pending',
  partially_paid: 'pending',
  paid: 'paid',
  success: 'paid',
  successful: 'paid',
  completed: 'paid',
  settled: 'paid',
  overdue: 'overdue',
  past_due: 'overdue',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  void: 'cancelled',
  voided: 'cancelled',
};

/**
 * The protocol status of a provider invoice status at `now`: known words mapped (STATUS_WORDS), a
 * pending invoice past its due date (strictly after it) `overdue`. `known` is false for a word the
 * kit does not know (read as pending, so still shown as payable, and overdue when late).
 */
export function invoiceStatus(
  providerStatus: string,
  dueAt: number | null,
  now: number,
): { status: InvoiceStatus; known: boolean } {
  const word = providerStatus
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const mapped = STATUS_WORDS[word];
  const known = mapped !== undefined;
  const status = mapped ?? 'pending';
  if (status === 'pending' && dueAt !== null && now > dueAt) return { status: 'overdue', known };
  return { status, known };
}

function exactNumber(value: number, field: string): string {
  const text = decimal.fromNumber(value);
  if (text === null) throw new ProviderDataError(`provider invoice ${field} is not a finite number`);
  return text;
}

function isoOrNull(timestamp: string | undefined): string | null {
  if (timestamp === undefined) return null;
  const at = Date.parse(timestamp);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/**
 * Builds the view of a provider invoice at `now`. Line totals, subtotal and total shown are the
 * provider's; the kit recomputes them (unit price × quantity rounded to the minor unit, their sum,
 * subtotal plus each enabled charge) and reports each difference as a discrepancy. Charge amounts
 * are the kit's: a flat charge is its amount, a percentage is of the provider's subtotal rounded
 * half away from zero to the minor unit, a discount is negative. Throws on provider data it cannot
 * read exactly (a charge amount that is not a decimal, a currency that is not three letters).
 */
export function buildInvoiceView(invoice: InvoiceView, now: number, hostedUrl?: string): InvoiceViewResult {
  const currency = (invoice.items[0]?.currency ?? invoice.payment_details.currency).toUpperCase();
  const digits = decimal.minorDigits(currency);
  const money = (text: string) => decimal.format(text, digits);
  const discrepancies: InvoiceDiscrepancy[] = [];
  const compare = (field: string, provider: string, computed: string) => {
    if (!decimal.equals(provider, computed))
      discrepancies.push({ field, provider: money(provider), computed: money(computed) });
  };

  const items = invoice.items.map((item, i) => {
    const unitPrice = exactNumber(item.unit_price, `items.${i}.unit_price`);
    const quantity = exactNumber(item.quantity, `items.${i}.quantity`);
    const total = exactNumber(item.total, `items.${i}.total`);
    compare(`items.${i}.total`, total, decimal.lineTotal(unitPrice, quantity, digits));
    return { name: item.name, unit_price: money(unitPrice), quantity: item.quantity, total: money(total) };
  });
  compare('subtotal', invoice.subtotal, decimal.add('0', ...items.map((line) => line.total)));

  for (const kind of decimal.CHARGE_ORDER) {
    const charge = invoice.charges[kind];
    if (charge?.enabled && !decimal.parse(charge.amount))
      throw new ProviderDataError(`provider invoice charges.${kind}.amount is not a decimal`);
  }
  const applied = decimal.invoiceCharges(invoice.subtotal, invoice.charges, digits);
  const charges: InvoiceChargeView[] = applied.charges.map(({ kind, type, rate, amount }) => ({
    kind,
    type,
    rate,
    amount: money(kind === 'discount' ? decimal.negate(amount) : amount),
  }));
  compare('total', invoice.total, applied.total);

  const dueDate = isoOrNull(invoice.payment_schedule.due_date);
  const { status, known } = invoiceStatus(invoice.status, dueDate === null ? null : Date.parse(dueDate), now);
  const view: StableInvoiceView = {
    number: invoice.invoice_number,
    status,
    currency,
    items,
    charges,
    subtotal: money(invoice.subtotal),
    total: money(invoice.total),
    note: invoice.note,
    due_date: dueDate,
    created_at: isoOrNull(invoice.created_at) ?? invoice.created_at,
    payment_details: {
      account_name: invoice.payment_details.account_name,
      account_number: invoice.payment_details.account_number,
      bank_name: invoice.payment_details.bank_name,
      currency: invoice.payment_details.currency.toUpperCase(),
      swift_code: invoice.payment_details.swift_code,
    },
  };
  if (hostedUrl !== undefined) view.hosted_url = hostedUrl;
  // the contract, checked before anything leaves: a provider answer the kit cannot turn into a
  // valid view is a 500 with a log line, never a malformed view
  const checked = InvoiceViewModel.safeParse({ ...view, server_time: new Date(now).toISOString() });
  if (!checked.success)
    throw new ProviderDataError(`provider invoice does not fit the view: ${checked.error.message}`);
  return { view, discrepancies, unknownStatus: known ? null : invoice.status };
}
