// No token in any log line (issue 40, finding 5): an invoice, funding or receipt token is a working
// link (an invoice's never expires), so a log reader must not hold one. Server-example with the
// in-process emulator, every line recorded as the kit and the site hand it to the logger (every
// level), the provider failing in each way the kit logs (down, rate limited, answering 500, answering
// what the kit cannot read): the kit's routes by token, their streams, the hosted pages by token, a
// HEAD, a wrong method and a path past the route. No line carries a token, and the lines about those
// requests name it by its fingerprint (`tok:` and eight characters of its SHA-256), so that the lines
// about one link can still be matched. Then server-example's own logger, text and JSON: whatever a
// line carries (a hosted page's URL, a stack), it writes no token.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type App } from 'server-example/app';
import { readConfig } from 'server-example/config';
import { createLogger } from '@pay-elements/service/operations';

/** The fingerprint a log line names a token by. */
const fingerprint = (token: string) =>
  `tok:${createHash('sha256').update(token).digest('base64url').slice(0, 8)}`;

/** How the provider fails while `failing` is set. */
type Failure = 'down' | 'rate-limited' | 'error-500' | 'nonsense';

describe('tokens in the log lines', () => {
  const lines: string[] = [];
  let app: App;
  let base: string;
  let failing: Failure | null = null;

  const record = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);

  before(async () => {
    const staticRoot = mkdtempSync(join(tmpdir(), 'pay-token-logs-'));
    const page = '<!doctype html><html lang="__PAY_LANG__"><head><title>__PAY_TITLE__</title></head><body>';
    writeFileSync(join(staticRoot, 'invoice.html'), `${page}__PAY_ELEMENT__</body></html>`);
    writeFileSync(join(staticRoot, 'fund.html'), `${page}__PAY_ELEMENT__</body></html>`);
    const config = readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' });
    app = await startApp(config, {
      staticRoot,
      // every line as the kit and the site hand it over (server-example's own logger, which masks
      // tokens too, is the next test's): the kit's masking alone is what this one sees
      logger: {
        debug: record('debug'),
        info: record('info'),
        warn: record('warn'),
        error: record('error'),
      },
      providerFetch: async (input, init) => {
        const path = new URL(String(input)).pathname;
        // the kit's own reads and writes about invoices and accounts fail; the rest (banks) work
        if (failing && /\/v1\/(invoices|virtual-accounts)/.test(path)) {
          if (failing === 'down') throw new TypeError('fetch failed');
          if (failing === 'rate-limited')
            return new Response(JSON.stringify({ status: 'error', message: 'too many requests' }), {
              status: 429,
              headers: { 'content-type': 'application/json' },
            });
          // a success the kit cannot read: an unexpected error, logged with its stack
          if (failing === 'nonsense')
            return new Response(JSON.stringify({ status: 'success', data: { nonsense: true } }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            });
          return new Response(JSON.stringify({ status: 'error', message: 'internal error' }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          });
        }
        return fetch(input, init);
      },
    });
    base = app.url;
  });
  after(() => app?.close());

  /** Each way a token reaches the server in a URL. */
  async function visit(invoice: string, funding: string): Promise<number[]> {
    const statuses: number[] = [];
    const ask = async (path: string, init: RequestInit = {}) => {
      const controller = new AbortController();
      const response = await fetch(`${base}${path}`, { ...init, signal: controller.signal });
      statuses.push(response.status);
      // a stream that opened is read no further
      if (response.headers.get('content-type')?.startsWith('text/event-stream')) controller.abort();
      else await response.arrayBuffer();
    };
    for (const [path, token] of [
      ['/pay/invoices/', invoice],
      ['/pay/funding/', funding],
    ] as const) {
      await ask(`${path}${token}`);
      await ask(`${path}${token}`, { method: 'HEAD' });
      await ask(`${path}${token}/events`);
      await ask(`${path}${token}/more`);
      await ask(`${path}${token}`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
    }
    await ask(`/invoices/${invoice}`);
    await ask(`/fund/${funding}`);
    return statuses;
  }

  it('names no invoice or funding token, whatever the provider does, only its fingerprint', async () => {
    const invoice = app.pay.invoiceToken('INV-000101');
    // a customer of its own: the first visit opens their accounts, which fails while the provider does
    const funding = app.pay.fundingToken('cus_token_logs_1');
    for (const failure of ['down', 'rate-limited', 'error-500', 'nonsense'] as const) {
      failing = failure;
      const statuses = await visit(invoice, funding);
      assert.ok(
        statuses.some((s) => s >= 500 || s === 429),
        `the provider's failure (${failure}) reached the answers: ${statuses.join(' ')}`,
      );
    }
    failing = null;
    await visit(invoice, funding);

    const withToken = lines.filter((line) => line.includes(invoice) || line.includes(funding));
    assert.deepEqual(withToken, [], `${withToken.length} of ${lines.length} lines carry a token`);
    // the lines about those requests say which link they were about, by fingerprint
    const named = lines.filter((l) => l.includes(fingerprint(invoice)) || l.includes(fingerprint(funding)));
    assert.ok(named.length > 0, `no line names a fingerprint:\n${lines.join('\n')}`);
    assert.ok(
      named.every((l) => /"path":"\/pay\/(invoices|funding)\/tok:[\w-]{8}/.test(l)),
      named.join('\n'),
    );
  });

  it('writes no token in any of server-example’s lines, the hosted pages’ paths and URLs included, text or JSON', () => {
    const token = app.pay.fundingToken('cus_token_logs_2');
    const receipt = app.pay.invoiceToken('INV-000102');
    for (const format of ['text', 'json'] as const) {
      const written: string[] = [];
      const log = createLogger(format, { debug: true, write: (line) => void written.push(line) });
      log.error(`rendering /fund/${token} failed`, {
        url: `http://127.0.0.1:3000/fund/${token}?lang=fr`,
        error: {
          message: `GET /pay/funding/${token}/events: aborted`,
          stack: `Error\n    at (/receipts/${receipt})`,
        },
      });
      log.warn('a stream', { path: `/pay/receipts/${receipt}`, page: `/invoices/${receipt}` });
      log.info('the provider', { call: 'GET /v1/invoices/view/INV-000102' });
      const all = written.join('\n');
      assert.ok(!all.includes(token) && !all.includes(receipt), all);
      assert.equal(all.split(fingerprint(token)).length - 1, 3, all);
      assert.equal(all.split(fingerprint(receipt)).length - 1, 3, all);
      assert.ok(all.includes('GET /v1/invoices/view/INV-000102'), 'the provider’s own paths are left alone');
    }
  });
});
