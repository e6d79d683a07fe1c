// POST /v1/invoices, GET /v1/invoices, GET /v1/invoices/view/{number}; and paying one (control API).
import {
  CreateInvoiceParams,
  type Charges,
  type Invoice,
  type InvoiceItem,
  type InvoiceView,
  type PaymentSchedule,
} from '@pay-elements/api';
import { isoZ } from '../clock.js';
import { param, type Route, type Services } from '../context.js';
import { marketByCurrency, markets } from '../data/countries.js';
import { newAccountNumber, newId } from '../ids.js';
import { computeInvoice } from '../invoice-math.js';
import { record } from '../ledger.js';
import { formatMinor } from '../money.js';
import { paginate } from '../list.js';
import { SandboxFailure, ValidationFailure, messages, ok } from '../responses.js';
import { walletByCurrency, type InvoiceRecord, type State } from '../store.js';
import { parseInput } from '../validate.js';

export const invoiceFields = [
  'id',
  'invoice_number',
  'subtotal',
  'total',
  'note',
  'status',
  'created_at',
] as const satisfies readonly (keyof Invoice)[];

export interface NewInvoice {
  email: string;
  note?: string | undefined;
  items: InvoiceItem[];
  charges?: Charges | undefined;
  payment_schedule: PaymentSchedule;
}

export interface InvoiceIdentity {
  id: string;
  number: string;
  /** the account the invoice is paid into */
  accountNumber: string;
}

/** Builds and stores an invoice with its totals computed; `identity` fixes ids (fixtures). */
export function createInvoice(
  state: State,
  at: number,
  input: NewInvoice,
  identity?: InvoiceIdentity,
): InvoiceRecord {
  const totals = computeInvoice(input.items, input.charges);
  const market = marketByCurrency(totals.currency);
  if (!market)
    throw ValidationFailure.of(
      'items.0.currency',
      `invoices are issued in ${markets.map((m) => m.currency).join(', ')}`,
    );
  state.invoiceSequence += 1;
  const invoice: Invoice = {
    id: identity?.id ?? newId('inv'),
    invoice_number: identity?.number ?? `INV-${String(state.invoiceSequence).padStart(6, '0')}`,
    items: input.items,
    subtotal: formatMinor(totals.subtotal),
    total: formatMinor(totals.total),
    charges: input.charges ?? {},
    note: input.note ?? '',
    status: 'pending',
    payment_schedule: input.payment_schedule,
    created_at: isoZ(at),
  };
  const invoiceRecord: InvoiceRecord = {
    invoice,
    currency: totals.currency,
    total: totals.total,
    paymentDetails: {
      account_name: state.business.name,
      account_number: identity?.accountNumber ?? newAccountNumber(() => false),
      bank_name: market.partnerBank.name,
      currency: totals.currency,
      swift_code: market.partnerBank.swiftCode,
    },
  };
  state.invoices.set(invoice.invoice_number, invoiceRecord);
  return invoiceRecord;
}

function view(record: InvoiceRecord): InvoiceView {
  return { ...record.invoice, payment_details: record.paymentDetails };
}

function findInvoice(services: Services, number: string): InvoiceRecord {
  const found = services.state.invoices.get(number);
  if (!found) throw new SandboxFailure(404, messages.invoiceNotFound);
  return found;
}

/** Marks the invoice paid, credits the business wallet of its currency, sends `invoice.paid`. */
export function payInvoice(services: Services, number: string): InvoiceView {
  const invoiceRecord = findInvoice(services, number);
  if (invoiceRecord.invoice.status === 'paid') throw new SandboxFailure(400, 'invoice is already paid');
  const wallet = walletByCurrency(services.state, invoiceRecord.currency);
  if (wallet)
    record(services, {
      entry: 'credit',
      amount: invoiceRecord.total,
      wallet,
      type: 'invoice_payment',
      message: `Payment for invoice ${number}`,
      paymentTransfer: {
        account_number: invoiceRecord.paymentDetails.account_number,
        invoice_number: number,
      },
    });
  invoiceRecord.invoice = { ...invoiceRecord.invoice, status: 'paid' };
  services.state.invoices.touch(number);
  services.emit({
    type: 'invoice.paid',
    data: { invoice_number: number, total: invoiceRecord.invoice.total, currency: invoiceRecord.currency },
  });
  return view(invoiceRecord);
}

export const invoiceRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/invoices',
    body: true,
    handle: (ctx) => {
      const params = parseInput(CreateInvoiceParams, ctx.body);
      return ok(createInvoice(ctx.state, ctx.clock.now(), params).invoice);
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices',
    handle: (ctx) =>
      ok(
        paginate(
          [...ctx.state.invoices.values()].map((r) => r.invoice),
          ctx.url,
          { fields: invoiceFields },
        ),
      ),
  },
  {
    method: 'GET',
    path: '/v1/invoices/view/:number',
    handle: (ctx) => ok(view(findInvoice(ctx, param(ctx, 'number')))),
  },
];
