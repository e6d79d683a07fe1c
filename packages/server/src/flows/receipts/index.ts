// The receipts flow: a receipt for every payment the kit confirms (a checkout session, an invoice),
// made once from the kit event that says it was paid (`session.paid`, `invoice.paid`), numbered in
// the order payments were confirmed (one sequence per merchant, `R-000042`), kept in the store, read
// by a signed token (`GET /receipts/{token}`, no provider call), and linked from the paid views
// (`receipt_url`, with the `receiptUrl` option). Built without a line of the core: this folder and
// its registration.
import { endpoints, type ReceiptKind, type ReceiptView } from '@pay-elements/protocol';
import { HttpError } from '../../errors.js';
import type { Flow, Kit, AnyKitEvent } from '../../flow.js';
import { etagJson } from '../../http/answers.js';
import type { Route } from '../../http/router.js';
import { fn } from '../../options.js';
import { create } from '../../flow.js';
import { recordKey, toJson, type RecordPart } from '../../store/contract.js';

/** What the receipts flow adds to the handler. */
export interface ReceiptsApi {
  /** The receipt's handle for a browser: `GET {basePath}/receipts/{token}`, a hosted page's URL. */
  receiptToken(of: { sessionId: string } | { invoiceNumber: string }): string;
}

const RECEIPTS = 'receipts.records';
const COUNTER = 'receipts.counter';
const NEXT = 'next';

const receiptOptions = {
  receiptUrl: fn<(receiptToken: string) => string>('receiptToken → URL string')
    .optional()
    .describe(
      '`(receiptToken)` → a hosted page for a receipt, from its token: sent with a paid session or invoice as `receipt_url` (none without it).',
    ),
};

/** A receipt's subject as its token holds it: `session/<id>`, `invoice/<number>`. */
function subjectOf(kind: ReceiptKind, id: string): string {
  return recordKey(kind, id);
}

/** What a paid event says a receipt shows, or null for an event that is not a payment's. */
export function receiptOf(
  event: AnyKitEvent,
): { kind: ReceiptKind; id: string; view: Omit<ReceiptView, 'number' | 'issued_at'> } | null {
  const d = event.data;
  const field = (name: string) => d[name] ?? undefined;
  const kind: ReceiptKind | null =
    event.type === 'session.paid' ? 'session' : event.type === 'invoice.paid' ? 'invoice' : null;
  const id = kind === 'session' ? field('session_id') : field('invoice_number');
  const amount = field('amount');
  const currency = field('currency');
  const paidAt = field('paid_at');
  if (!kind || !id || !amount || !currency || !paidAt) return null;
  const merchantName = field('merchant_name');
  const logo = field('merchant_logo_url');
  const title = field('title');
  const reference = kind === 'session' ? field('order_reference') : id;
  return {
    kind,
    id,
    view: {
      kind,
      ...(merchantName ? { merchant: { name: merchantName, ...(logo ? { logo_url: logo } : {}) } } : {}),
      ...(title ? { title } : {}),
      ...(reference ? { reference } : {}),
      amount,
      currency,
      paid_at: paidAt,
      // the transfer that paid, by the reference the provider's API gives it (the transaction's `ref`);
      // else its id; an invoice the provider said was paid without naming it: the event's
      transfer_reference: field('transaction_ref') ?? field('transaction_id') ?? event.id,
      account: {
        account_name: field('account_name') ?? '',
        account_number: field('account_number') ?? '',
        bank_name: field('bank_name') ?? '',
      },
    },
  };
}

/**
 * Makes the receipt of a paid event once, with the next number of the merchant's sequence: the
 * number and the receipt in one commit, so two instances never give one number twice or skip one.
 */
async function issue(records: RecordPart, event: AnyKitEvent, now: number, kit: Kit): Promise<void> {
  const receipt = receiptOf(event);
  if (!receipt) return;
  const key = subjectOf(receipt.kind, receipt.id);
  for (;;) {
    if (await records.get(RECEIPTS, key)) return;
    const counter = await records.get(COUNTER, NEXT);
    const last = typeof counter?.value === 'number' ? counter.value : 0;
    const view: ReceiptView = {
      ...receipt.view,
      number: `R-${String(last + 1).padStart(6, '0')}`,
      issued_at: new Date(now).toISOString(),
    };
    const made = await records.commit({
      writes: [
        { collection: COUNTER, key: NEXT, value: last + 1, expect: counter?.version ?? 0 },
        create(RECEIPTS, key, toJson(view)),
      ],
    });
    if (made) {
      kit.count('issued');
      kit.logger.info('receipt issued', { receipt: view.number, [receipt.kind]: receipt.id });
      return;
    }
  }
}

export const receipts: Flow<typeof receiptOptions, ReceiptsApi> = {
  name: 'receipts',
  about:
    'a receipt for every paid session and invoice, numbered in one sequence, read by signed token; `receipt_url` on the paid views; `pay.receiptToken`',
  methods: '`receiptToken({sessionId} or {invoiceNumber})`',
  options: receiptOptions,
  start(kit, options) {
    const { records } = kit.store;
    const { receiptUrl } = options;
    const tokenOf = (kind: ReceiptKind, id: string) => kit.tokens.sign(subjectOf(kind, id));
    const linked = (kind: ReceiptKind, id: string): Record<string, string> =>
      receiptUrl ? { receipt_url: receiptUrl(tokenOf(kind, id)) } : {};
    const route: Route = {
      ...endpoints.receipt,
      maxBodyBytes: kit.maxBodyBytes,
      async handle({ request, params }) {
        const subject = kit.tokens.verify(params['token'] ?? '');
        const held = subject === null ? null : await records.get(RECEIPTS, subject);
        if (!held || typeof held.value !== 'object' || held.value === null)
          throw new HttpError('not_found', 'No such receipt.');
        return etagJson(request, held.value);
      },
    };
    const made = (event: AnyKitEvent) => issue(records, event, kit.clock.now(), kit);
    return {
      routes: [route],
      on: { 'session.paid': made, 'invoice.paid': made },
      extras: {
        session(subject) {
          const paid =
            typeof subject === 'object' && subject !== null && Reflect.get(subject, 'status') === 'paid';
          const id: unknown = paid ? Reflect.get(subject, 'id') : null;
          return typeof id === 'string' ? linked('session', id) : {};
        },
        invoice: (subject) => (typeof subject === 'string' ? linked('invoice', subject) : {}),
      },
      api: {
        receiptToken: (of) =>
          'sessionId' in of ? tokenOf('session', of.sessionId) : tokenOf('invoice', of.invoiceNumber),
      },
    };
  },
};
