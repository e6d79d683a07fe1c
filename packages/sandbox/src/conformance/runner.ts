// pay-conformance's run: the rules of the widget protocol (docs/protocol.md) checked on a backend, as
// the elements would meet it, with the emulator as the shopper's bank. The orders are used in turn:
// the first for a checkout paid by webhook (forged webhooks refused while it is pending, and the
// refusals), the second for one the backend must
// find paid by itself (webhooks held back), the third, whose account lives a minute, for expiry and
// renewal in real time (run alongside the others).
import { SandboxControl } from '../control-client.js';
import { DEFAULT_WEBHOOK_SECRET } from '../sandbox.js';
import { Backend } from './backend.js';
import type { Context, Limits } from './context.js';
import { EXPIRY_RULES, expiryAndRenewal } from './expiry.js';
import { invoiceRules } from './invoice.js';
import { REFUSAL_RULES, refusals } from './refusals.js';
import { Report } from './report.js';
import { paidByWatcher, paidByWebhook } from './sessions.js';

export interface ConformanceOptions {
  /** the base URL of the backend's widget routes: "http://127.0.0.1:3000/pay" */
  backend: string;
  /** the emulator's URL: "http://127.0.0.1:4010" */
  sandbox: string;
  /** the emulator's full key */
  key: string;
  /** fresh order ids the backend knows: two, and a third whose account lives a minute for expiry */
  orders: readonly string[];
  /** an invoice's handle (the token the backend made for it) */
  invoice?: string | undefined;
  /** the emulator's webhook secret (default DEFAULT_WEBHOOK_SECRET): the runner signs events with it */
  webhookSecret?: string;
  /** leaves out expiry and renewal (a minute of real time) */
  skipExpiry?: boolean;
  limits?: Partial<Limits>;
  /** where each line goes; default stdout */
  print?: (line: string) => void;
}

export const defaultLimits: Limits = { payMs: 20_000, watchMs: 60_000, expiryGraceMs: 30_000 };

/** Runs a group of rules; one that fails outside a rule (the backend unreachable) says so as a rule. */
async function group(report: Report, name: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    await report.rule(name, () => {
      throw error;
    });
  }
}

export async function runConformance(options: ConformanceOptions): Promise<Report> {
  const print = options.print ?? ((line: string) => console.log(line));
  const report = new Report(print);
  const ctx: Context = {
    backend: new Backend(options.backend),
    emulator: new SandboxControl(options.sandbox, options.key),
    report,
    limits: { ...defaultLimits, ...options.limits },
    webhookSecret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
  };
  const [first, second, third] = options.orders;
  print(`pay-conformance: backend ${options.backend}, emulator ${options.sandbox}`);
  const reachable = await report.rule('emulator: its control API answers with the key given', async () => {
    try {
      await ctx.emulator.webhooks();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`${options.sandbox}/_sandbox/webhooks: ${why}`, { cause: error });
    }
  });
  if (!reachable) {
    print(report.summary());
    return report;
  }

  let othersDone = (): void => undefined;
  const mayPay = new Promise<void>((resolve) => (othersDone = resolve));
  let expiry: Promise<void> = Promise.resolve();
  const expiryRules = Object.values(EXPIRY_RULES);
  if (options.skipExpiry)
    for (const rule of expiryRules)
      report.skip(rule, '--skip-expiry (expiry and renewal take a minute of real time)');
  else if (third === undefined)
    report.notChecked(
      expiryRules,
      'a third --order is needed: a fresh one whose account lives one minute (or --skip-expiry)',
    );
  else expiry = group(report, `expiry (order ${third})`, () => expiryAndRenewal(ctx, third, mayPay));

  try {
    if (first === undefined) throw new Error('no --order given');
    await group(report, `checkout (order ${first})`, async () => {
      const session = await paidByWebhook(ctx, first);
      if (session) await refusals(ctx, first, session.id);
      else report.notChecked(Object.values(REFUSAL_RULES), `no session for order ${first}`);
    });
    if (second === undefined)
      report.notChecked(['paid by the watcher alone'], 'a second --order is needed, fresh');
    else await group(report, `watcher (order ${second})`, () => paidByWatcher(ctx, second));
    if (options.invoice !== undefined) {
      const handle = options.invoice;
      await group(report, 'invoice', () => invoiceRules(ctx, handle));
    }
  } finally {
    othersDone();
    await expiry;
  }
  print(report.summary());
  return report;
}
