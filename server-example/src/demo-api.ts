// The demo's sandbox buttons under /demo-api: send the transfer a shopper would, pay an invoice, pay
// into the demo customer's own account, move the emulator's clock, reset the demo. POST only, a JSON body (or none), with the emulator only.
import { Hono } from 'hono';
import * as z from 'zod';
import type { Sandbox, SandboxControl } from '@pay-elements/sandbox';
import { errorAnswer, type PayHandler } from '@pay-elements/server';
import { json, segment } from './json-and-segment.js';

const TransferBody = z.object({
  amount: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .optional(),
});
const DepositBody = TransferBody.extend({
  currency: z.string().regex(/^[A-Za-z]{3}$/),
});
const ClockBody = z.object({ minutes: z.number().int().min(1).max(10_080) });

export interface DemoApiOptions {
  /** the in-process emulator and its control API; null with a real provider (every route: 404) */
  emulator: { sandbox: Sandbox; control: SandboxControl } | null;
  /** the kit's store as it is now (a reset makes a new kit) */
  /** the kit of the moment (a new one after each reset) */
  pay: () => PayHandler;
  /** the demo customer, whose own accounts /funding/deposit pays into */
  customerId: string;
  /** POST /demo-api/reset */
  reset: () => Promise<Response>;
}

export function demoApi(options: DemoApiOptions): Hono<{ Variables: { body: unknown } }> {
  const { emulator, pay, reset } = options;
  const demo = new Hono<{ Variables: { body: unknown } }>();
  demo.use('*', async (c, next) => {
    if (!emulator) return errorAnswer('not_found', 'Only with the emulator.');
    if (c.req.method !== 'POST') return errorAnswer('method_not_allowed', 'Use POST.');
    let body: unknown = {};
    const text = await c.req.raw.text();
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return errorAnswer('invalid_request', 'The body is not JSON.');
      }
    }
    c.set('body', body);
    await next();
  });
  demo.post('/sessions/:id/transfer', async (c) => {
    if (!emulator) throw new Error('the demo API needs the emulator');
    const { control, sandbox } = emulator;
    const parsed = TransferBody.safeParse(c.get('body'));
    if (!parsed.success) return errorAnswer('invalid_request', 'amount must be a decimal string.');
    const session = await pay().getSession(segment(c.req.param('id')));
    if (!session) return errorAnswer('not_found', 'No such session.');
    try {
      const tx = await control.transfer({
        account_number: session.account.accountNumber,
        amount: Number(parsed.data.amount ?? session.amount),
      });
      await sandbox.flushWebhooks();
      return json(200, { sent: true, transaction: tx.id });
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'refused';
      return json(409, { sent: false, reason });
    }
  });
  demo.post('/invoices/:number/pay', async (c) => {
    if (!emulator) throw new Error('the demo API needs the emulator');
    const { control, sandbox } = emulator;
    try {
      await control.payInvoice(segment(c.req.param('number')));
      await sandbox.flushWebhooks();
      return json(200, { paid: true });
    } catch (error) {
      return json(409, { paid: false, reason: error instanceof Error ? error.message : 'refused' });
    }
  });
  // a transfer into the demo customer's own account in a currency, as their bank would send it
  demo.post('/funding/deposit', async (c) => {
    if (!emulator) throw new Error('the demo API needs the emulator');
    const { control, sandbox } = emulator;
    const parsed = DepositBody.safeParse(c.get('body'));
    if (!parsed.success)
      return errorAnswer('invalid_request', 'currency must be a currency code, amount a decimal string.');
    const currency = parsed.data.currency.toUpperCase();
    const accounts = await pay().fundingAccounts(options.customerId);
    const account = accounts.find((a) => a.currency === currency);
    if (!account)
      return errorAnswer('not_found', `The customer has no ${currency} account yet: open /demo/fund first.`);
    try {
      const tx = await control.transfer({
        account_number: account.accountNumber,
        amount: Number(parsed.data.amount ?? (currency === 'NGN' ? '25000' : '150')),
      });
      await sandbox.flushWebhooks();
      return json(200, { sent: true, transaction: tx.id });
    } catch (error) {
      return json(409, { sent: false, reason: error instanceof Error ? error.message : 'refused' });
    }
  });
  demo.post('/reset', () => reset());
  demo.post('/clock', async (c) => {
    if (!emulator) throw new Error('the demo API needs the emulator');
    const { control } = emulator;
    const parsed = ClockBody.safeParse(c.get('body'));
    if (!parsed.success) return errorAnswer('invalid_request', 'minutes must be 1 to 10080.');
    const now = await control.advanceClock(parsed.data.minutes);
    return json(200, { now });
  });
  demo.all('*', () => errorAnswer('not_found', 'No such demo route.'));
  return demo;
}
