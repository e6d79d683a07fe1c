// An invoice by its handle (`--invoice`): its view (items' quantities numbers, prices decimal strings),
// ETag and 304, its status stream (events named `invoice`), a tampered handle refused (404), and,
// when it is to be paid, its payment at the emulator pushed on the stream and answered by polls.
import { InvoiceViewModel, invoiceEventsPath, invoicePath } from '@pay-elements/protocol';
import { nextView, sleep, type Context } from './context.js';
import { expect, expectError, expectStatus, expectView } from './report.js';
import { viewProblems } from './views.js';

const INVOICE_TIMES = ['created_at', 'due_date', 'server_time'] as const;

export const INVOICE_RULES = {
  view: 'invoice view: every field of its type (quantity a number, prices decimal strings), optional ones absent',
  etag: 'invoice: an ETag, and 304 for the version held',
  tampered: 'invoice: a handle not made by the backend is 404 not_found',
  stream: 'invoice stream: events named `invoice`, the first the current view',
  paid: 'invoice paid at the bank: pushed on the stream, and the view says paid',
} as const;

function invoiceEventView(data: unknown): InvoiceViewModel {
  const problems = viewProblems(InvoiceViewModel, data, INVOICE_TIMES);
  expect(problems.length === 0, `an \`invoice\` event's data: ${problems.join('; ')}`);
  return data as InvoiceViewModel;
}

export async function invoiceRules(ctx: Context, handle: string): Promise<void> {
  const { report, backend } = ctx;
  let invoice: InvoiceViewModel | null = null;
  await report.rule(INVOICE_RULES.view, async () => {
    const answer = await backend.ask(invoicePath(handle));
    expectStatus(answer, 200);
    invoice = expectView(answer, InvoiceViewModel, INVOICE_TIMES);
  });
  if (!invoice) return report.notChecked(Object.values(INVOICE_RULES).slice(1), 'no invoice view');
  const view: InvoiceViewModel = invoice;
  await report.rule(INVOICE_RULES.etag, async () => {
    const answer = await backend.ask(invoicePath(handle));
    const etag = answer.headers.get('etag') ?? '';
    expect(etag !== '', `${answer.what} has no ETag header`);
    const held = await backend.ask(invoicePath(handle), { headers: { 'if-none-match': etag } });
    expect(held.status === 304, `${held.what} with If-None-Match: ${etag} answered ${held.status}, not 304`);
  });
  await report.rule(INVOICE_RULES.tampered, async () => {
    const tampered =
      handle.length > 1 ? `${handle.slice(0, -1)}${handle.endsWith('A') ? 'B' : 'A'}` : `${handle}A`;
    expectError(await backend.ask(invoicePath(tampered)), 404, 'not_found');
  });
  const stream = await backend.stream(invoiceEventsPath(handle));
  try {
    await report.rule(INVOICE_RULES.stream, async () => {
      const { view: first, event } = await nextView(
        stream,
        'invoice',
        invoiceEventView,
        () => true,
        ctx.limits.payMs,
      );
      expect(first.number === view.number, `the first event is invoice ${first.number}, not ${view.number}`);
      expect(event.id !== null && event.id !== '', `${stream.answer.what}: the event has no \`id:\``);
    });
    if (view.status !== 'pending' && view.status !== 'overdue') {
      report.skip(
        INVOICE_RULES.paid,
        `the invoice is ${view.status}: give one still to be paid to see it paid`,
      );
      return;
    }
    await report.rule(INVOICE_RULES.paid, async () => {
      await ctx.emulator.payInvoice(view.number);
      const { view: pushed } = await nextView(
        stream,
        'invoice',
        invoiceEventView,
        (v) => v.status === 'paid',
        ctx.limits.watchMs,
      );
      expect(pushed.status === 'paid', `the stream pushed "${pushed.status}"`);
      for (let tries = 0; ; tries++) {
        const answer = await backend.ask(invoicePath(handle));
        expectStatus(answer, 200);
        const polled = expectView(answer, InvoiceViewModel, INVOICE_TIMES);
        if (polled.status === 'paid') return;
        expect(tries < 10, `the invoice view says "${polled.status}" after the stream said paid`);
        await sleep(500);
      }
    });
  } finally {
    await stream.close();
  }
}
