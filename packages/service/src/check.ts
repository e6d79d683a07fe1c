// `pay-service check`: what a go-live needs to know before the start, on the terminal: each variable
// as it is set (a secret only as "set", never its value), what is wrong or missing, and what the
// provider answered to one cheap authenticated call with the key. Exit status 0 when the service
// would start and serve, 1 otherwise.
import { PayClient, type FetchLike } from '@pay-elements/api';
import { ConfigError, readServiceConfig, serviceVariables, type ServiceConfig } from './config.js';
import { checkProvider } from './provider.js';

/** The variables whose values are secrets: shown as set or not, never as they are. */
const SECRETS = new Set([
  'PAY_API_KEY',
  'PAY_WEBHOOK_SECRET',
  'PAY_TOKEN_SECRET',
  'PAY_NOTIFY_SECRET',
  'PAY_SERVICE_KEYS',
]);

/** What is left unset that a shop going live usually wants, and what it means. */
const ADVISED: ReadonlyArray<[keyof ServiceConfig, string]> = [
  ['PAY_NOTIFY_URL', 'no notifications are sent: the shop learns of payments only by asking /api'],
  ['PAY_SMTP_URL', 'no receipt emails are sent: a shopper who left learns of the payment only from the shop'],
  ['PAY_SHOP_URL', 'the hosted pages show no "Back to" link'],
  ['PAY_MERCHANT_NAME', 'the hosted pages name the merchant "the shop"'],
  ['PUBLIC_URL', 'links in pages and notifications use http://HOST:PORT'],
];

export interface CheckOptions {
  /** the provider client's fetch (default the global one) */
  fetch?: FetchLike;
}

/** A variable's value as the check shows it: a URL's password and every secret left out. */
function shown(name: string, value: string): string {
  if (SECRETS.has(name)) {
    const count = name === 'PAY_SERVICE_KEYS' ? value.split(',').filter((k) => k.trim()).length : 0;
    return count > 1 ? `set (${count} keys; not shown)` : 'set (not shown)';
  }
  try {
    const url = new URL(value);
    if (url.password) {
      url.password = '***';
      return url.href;
    }
  } catch {
    // not a URL: shown as it is
  }
  return value;
}

/** Runs the check, writing its lines with `write`; resolves to the exit status. */
export async function runCheck(
  env: Readonly<Record<string, string | undefined>>,
  write: (line: string) => void,
  options: CheckOptions = {},
): Promise<number> {
  write('pay-service check');
  write('');
  write('configuration:');
  for (const name of serviceVariables) {
    const value = env[name];
    write(`  ${name.padEnd(32)}${value ? shown(name, value) : 'not set'}`);
  }
  let config: ServiceConfig;
  try {
    config = readServiceConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    write('');
    write('problems:');
    for (const problem of error.problems) write(`  ${problem}`);
    write('');
    write('result: pay-service would not start (exit 1)');
    return 1;
  }
  const unset = ADVISED.filter(([name]) => config[name] === undefined);
  if (unset.length > 0) {
    write('');
    write('not set (allowed):');
    for (const [name, meaning] of unset) write(`  ${name}: ${meaning}`);
  }
  write('');
  write('provider:');
  if (!config.PAY_API_KEY || !config.PAY_BASE_URL) {
    write('  none set: pay-service starts its emulator (demo mode), which takes its own key');
    write('');
    write('result: ready to start (exit 0)');
    return 0;
  }
  const client = new PayClient({
    apiKey: config.PAY_API_KEY,
    baseUrl: config.PAY_BASE_URL,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const check = await checkProvider(client, config);
  write(`  ${check.message}`);
  write('');
  if (check.outcome === 'accepted') {
    write('result: ready to start (exit 0)');
    return 0;
  }
  write(
    check.outcome === 'refused'
      ? 'result: pay-service would not start (exit 1)'
      : 'result: the provider did not answer; pay-service would start, but no checkout would work (exit 1)',
  );
  return 1;
}
