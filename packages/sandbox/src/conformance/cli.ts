// `pay-conformance --backend URL --sandbox URL --order ID [--order ID …] [--invoice HANDLE]
// [--skip-expiry] [--webhook-secret S] [--watch-timeout S] [--pay-timeout S]`: checks a backend of
// the widget routes against the protocol, driving the emulator as the shopper's bank; one line per
// rule, exit 0 only when every rule holds (1 otherwise, 2 for a command that cannot run).
import { parseArgs } from 'node:util';
import { webhookSecretProblem } from '@pay-elements/api';
import { DEFAULT_API_KEY, DEFAULT_WEBHOOK_SECRET } from '../sandbox.js';
import { defaultLimits, runConformance } from './runner.js';

const usage = `usage: pay-conformance --backend URL --sandbox URL --order ID [--order ID …] [--invoice HANDLE] [--skip-expiry] [--webhook-secret S]

  --backend URL      base URL of the backend's widget routes, e.g. http://127.0.0.1:3000/pay
  --sandbox URL      the emulator the backend talks to (npx --no-install pay-sandbox), e.g. http://127.0.0.1:4010;
                     its webhooks must go to the backend (PAY_SANDBOX_WEBHOOK_URL)
  --order ID         a fresh order id the backend knows (and will let this runner pay). Give three:
                     the first for a checkout paid by webhook, the second for one the backend must find
                     paid by itself (webhooks held back), the third with an account that lives one
                     minute, for expiry and renewal seen in real time
  --invoice HANDLE   also check the invoice view and stream of this handle (the token the backend made)
  --skip-expiry      leave expiry and renewal out (they take a minute of real time); said in the output
  --key KEY          the emulator's full key (env PAY_SANDBOX_API_KEY, default ${DEFAULT_API_KEY})
  --webhook-secret S the emulator's webhook secret, which the backend verifies with: the runner signs
                     its own stale and replayed webhooks with it (env PAY_SANDBOX_WEBHOOK_SECRET,
                     default the emulator's default)
  --watch-timeout S  how long the backend may take to find a payment by itself, seconds (default ${defaultLimits.watchMs / 1000})
  --pay-timeout S    how long a payment may take to show once the bank has taken the transfer (webhook
                     or push), seconds (default ${defaultLimits.payMs / 1000})

  The rules are those of docs/protocol.md. Exit 0 when every rule holds, 1 when one does not.`;

function url(name: string, value: string | undefined): string {
  if (!value) throw new UsageError(`--${name} is required`);
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new UsageError(`--${name} must be an http(s) URL, not "${value}"`);
  }
  return value;
}

class UsageError extends Error {}

/** `--name S`, a whole number of seconds, in ms; undefined when not given. */
function milliseconds(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a number of seconds`);
  return Number(value) * 1000;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string' },
      sandbox: { type: 'string' },
      order: { type: 'string', multiple: true },
      invoice: { type: 'string' },
      'skip-expiry': { type: 'boolean' },
      key: { type: 'string' },
      'webhook-secret': { type: 'string' },
      'watch-timeout': { type: 'string' },
      'pay-timeout': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const orders = values.order ?? [];
  if (orders.length === 0) throw new UsageError('give at least one --order');
  const watchMs = milliseconds('watch-timeout', values['watch-timeout']);
  const payMs = milliseconds('pay-timeout', values['pay-timeout']);
  const webhookSecret =
    values['webhook-secret'] ?? process.env['PAY_SANDBOX_WEBHOOK_SECRET'] ?? DEFAULT_WEBHOOK_SECRET;
  const secretProblem = webhookSecretProblem(webhookSecret);
  if (secretProblem) throw new UsageError(`--webhook-secret ${secretProblem}`);
  const report = await runConformance({
    backend: url('backend', values.backend),
    sandbox: url('sandbox', values.sandbox),
    key: values.key ?? process.env['PAY_SANDBOX_API_KEY'] ?? DEFAULT_API_KEY,
    webhookSecret,
    orders,
    invoice: values.invoice,
    skipExpiry: values['skip-expiry'] ?? false,
    limits: { ...(watchMs === undefined ? {} : { watchMs }), ...(payMs === undefined ? {} : { payMs }) },
  });
  return report.failed === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usageError =
      error instanceof UsageError ||
      (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    console.error(`pay-conformance: ${error instanceof Error ? error.message : String(error)}`);
    if (usageError) console.error(usage);
    process.exitCode = 2;
  },
);
