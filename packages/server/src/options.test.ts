import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PayClient } from '@pay-elements/api';
import { PayConfigError } from './errors.js';
import { optionsTable } from './flows/index.js';
import { optionsMarkdown, README, readmeOptions } from './testing/options-readme.js';
import { createPayHandler, parseKitOptions as parseOptions } from './handler.js';
import { MemoryStore } from './store/memory.js';

const client = new PayClient({ apiKey: 'sk_test_config', baseUrl: 'http://127.0.0.1:9' });
const resolveOrder = () => null;

function failsWith(options: unknown, pattern: RegExp): void {
  assert.throws(
    () => parseOptions(options),
    (e: unknown) => {
      assert.ok(e instanceof PayConfigError);
      assert.match(e.message, pattern);
      return true;
    },
  );
}

describe('options', () => {
  it('fills the defaults', () => {
    const config = parseOptions({ client, resolveOrder });
    assert.equal(config.lifespanMinutes, 30);
    assert.equal(config.basePath, '/pay');
    assert.deepEqual(config.allowedOrigins, []);
    assert.equal(config.pollIntervalMs, 5000);
    assert.equal(config.webhookSecret, undefined);
    assert.ok(config.store instanceof MemoryStore);
    assert.equal(typeof config.clock.now(), 'number');
  });

  it('normalizes the base path', () => {
    assert.equal(parseOptions({ client, resolveOrder, basePath: '/api/pay/' }).basePath, '/api/pay');
    assert.equal(parseOptions({ client, resolveOrder, basePath: '/' }).basePath, '');
  });

  it('names the option that is wrong and what it expects', () => {
    failsWith({ resolveOrder }, /option "client" must be a PayClient/);
    failsWith({ client: { virtualAccounts: {} }, resolveOrder }, /option "client" must be a PayClient/);
    failsWith({ client }, /option "resolveOrder" must be a function/);
    failsWith(
      { client, resolveOrder, lifespanMinutes: 0 },
      /option "lifespanMinutes" must be at least 1 minute/,
    );
    failsWith(
      { client, resolveOrder, lifespanMinutes: 2.5 },
      /option "lifespanMinutes" must be a whole number/,
    );
    failsWith({ client, resolveOrder, lifespanMinutes: '30' }, /option "lifespanMinutes" must be a number/);
    failsWith({ client, resolveOrder, basePath: 'pay' }, /option "basePath" must be a path/);
    failsWith(
      { client, resolveOrder, allowedOrigins: ['https://shop.example/checkout'] },
      /option "allowedOrigins.0" each must be an origin/,
    );
    failsWith({ client, resolveOrder, allowedOrigins: '*' }, /option "allowedOrigins" must be an array/);
    failsWith({ client, resolveOrder, clock: Date }, /option "clock" must be an object with now/);
    failsWith(
      { client, resolveOrder, webhookSecret: 'short' },
      /option "webhookSecret" must start with "whsec_"/,
    );
    failsWith(
      { client, resolveOrder, webhookSecret: 'whsec_c2hvcnQ=' },
      /option "webhookSecret" must encode 24 to 64 bytes \(this one has 5\)/,
    );
    failsWith({ client, resolveOrder, webhookSecret: 'whsec_not base64!' }, /"whsec_" followed by base64/);
    failsWith(
      { client, resolveOrder, webhookVerifier: 'hmac' },
      /option "webhookVerifier" must be a function/,
    );
    failsWith({ client, resolveOrder, pollIntervalMs: -1 }, /option "pollIntervalMs" must not be negative/);
    failsWith({ client, resolveOrder, store: {} }, /option "store" must be a store/);
    // a store written for the one flat interface of before the parts is told what it now needs
    const flat = { get() {}, create() {}, markPaid() {}, findByReference() {}, close() {} };
    failsWith(
      { client, resolveOrder, store: flat },
      /option "store" must be a store .*\{records, outbox, once, changes, close\(\)\}/,
    );
    failsWith({ client, resolveOrder, onPaid: 'yes' }, /option "onPaid" must be a function/);
    failsWith({ client, resolveOrder, logger: { info() {} } }, /option "logger" must have debug, info, warn/);
    failsWith(null, /options must be an object/);
  });

  it('defaults the invoice, link and bank options, and caps the bank cache at the spec’s one day', () => {
    const config = parseOptions({ client, resolveOrder });
    assert.equal(config.linkCacheMs, 30_000);
    assert.equal(config.bankCacheMs, 86_400_000);
    assert.deepEqual(config.bankSuggestions, { enabled: false, perMinute: 10, maxClients: 10_000 });
    assert.equal(config.invoiceUrl, undefined);
    assert.deepEqual(
      parseOptions({ client, resolveOrder, bankSuggestions: { enabled: true } }).bankSuggestions,
      {
        enabled: true,
        perMinute: 10,
        maxClients: 10_000,
      },
    );
    failsWith(
      { client, resolveOrder, bankCacheMs: 86_400_001 },
      /option "bankCacheMs" must be at most one day \(86400000\)/,
    );
    failsWith({ client, resolveOrder, linkCacheMs: -1 }, /option "linkCacheMs" must not be negative/);
    failsWith({ client, resolveOrder, bankSuggestions: true }, /option "bankSuggestions" must be an object/);
    failsWith(
      { client, resolveOrder, bankSuggestions: { enabled: true, perMinute: 0 } },
      /option "bankSuggestions.perMinute" must be at least 1/,
    );
    failsWith(
      { client, resolveOrder, bankSuggestions: { enabled: true, perMinut: 5 } },
      /option "bankSuggestions"/,
    );
    failsWith({ client, resolveOrder, invoiceUrl: 'https://x' }, /option "invoiceUrl" must be a function/);
    failsWith({ client, resolveOrder, clientKey: 'ip' }, /option "clientKey" must be a function/);
  });

  it('defaults the check timeout and the circuit breaker, and names a wrong value', () => {
    const config = parseOptions({ client, resolveOrder });
    assert.equal(config.checkTimeoutMs, 3000);
    assert.deepEqual(config.circuitBreaker, { failureThreshold: 3, cooldownMs: 10_000 });
    assert.deepEqual(
      parseOptions({ client, resolveOrder, circuitBreaker: { cooldownMs: 500 } }).circuitBreaker,
      { failureThreshold: 3, cooldownMs: 500 },
    );
    failsWith({ client, resolveOrder, checkTimeoutMs: 10 }, /option "checkTimeoutMs" must be at least 100/);
    failsWith(
      { client, resolveOrder, circuitBreaker: { failureThreshold: 0 } },
      /option "circuitBreaker.failureThreshold" must be at least 1/,
    );
    failsWith({ client, resolveOrder, circuitBreaker: { cooldown: 5 } }, /option "circuitBreaker"/);
  });

  it('limits account openings by default, per client and per order, and lets them be turned off', () => {
    const config = parseOptions({ client, resolveOrder });
    assert.deepEqual(config.accountRateLimit, {
      perClientPerMinute: 10,
      perOrderPerMinute: 3,
      maxKeys: 10_000,
    });
    assert.equal(config.claimTimeoutMs, 30_000);
    assert.equal(parseOptions({ client, resolveOrder, accountRateLimit: false }).accountRateLimit, false);
    assert.deepEqual(
      parseOptions({ client, resolveOrder, accountRateLimit: { perOrderPerMinute: 1 } }).accountRateLimit,
      { perClientPerMinute: 10, perOrderPerMinute: 1, maxKeys: 10_000 },
    );
    failsWith(
      { client, resolveOrder, accountRateLimit: true },
      /option "accountRateLimit" must be false or an object/,
    );
    failsWith(
      { client, resolveOrder, accountRateLimit: { perClientPerMinute: 0 } },
      /option "accountRateLimit.perClientPerMinute" must be at least 1/,
    );
    failsWith({ client, resolveOrder, claimTimeoutMs: 10 }, /option "claimTimeoutMs" must be at least 100/);
  });

  it('refuses a token secret with too little variety: 32 identical characters, a short repeated pattern', () => {
    failsWith(
      { client, resolveOrder, tokenSecret: 'a'.repeat(32) },
      /option "tokenSecret" has too little variety/,
    );
    failsWith(
      { client, resolveOrder, tokenSecret: 'abc'.repeat(12) },
      /option "tokenSecret" has too little variety/,
    );
    const random = 'k7Qx2mZ9pL4vN8wR1tY6uJ3hB5gF0dSa';
    assert.equal(parseOptions({ client, resolveOrder, tokenSecret: random }).tokenSecret, random);
  });

  it('refuses a webhook event retention shorter than the signature tolerance (a replay would be taken again)', () => {
    failsWith(
      { client, resolveOrder, webhookEventRetentionMs: 60_000 },
      /option "webhookEventRetentionMs" must be at least the webhook tolerance \(300000 ms\)/,
    );
    failsWith(
      { client, resolveOrder, webhookToleranceSeconds: 120, webhookEventRetentionMs: 100_000 },
      /at least the webhook tolerance \(120000 ms\)/,
    );
    assert.equal(
      parseOptions({ client, resolveOrder, webhookToleranceSeconds: 60, webhookEventRetentionMs: 60_000 })
        .webhookEventRetentionMs,
      60_000,
    );
  });

  it('retries an event for about a day by default, and names a wrong schedule', () => {
    const { eventRetryMs } = parseOptions({ client, resolveOrder });
    assert.equal(eventRetryMs[0], 5000, 'the first retry within seconds');
    const total = eventRetryMs.reduce((a, b) => a + b, 0);
    assert.ok(total >= 24 * 3600 * 1000 && total < 26 * 3600 * 1000, `${total} ms in all`);
    failsWith(
      { client, resolveOrder, eventRetryMs: [] },
      /option "eventRetryMs" must have at least one step/,
    );
    failsWith(
      { client, resolveOrder, eventRetryMs: [10] },
      /option "eventRetryMs.0" each must be at least 100/,
    );
  });

  it('lists every wrong option at once', () => {
    failsWith(
      { client, resolveOrder, lifespanMinutes: 0, basePath: 'x' },
      /basePath.*; option "lifespanMinutes"/,
    );
  });

  it('makes createPayHandler fail at creation, never at the first request', () => {
    assert.throws(() => createPayHandler({ client, resolveOrder, lifespanMinutes: -5 }), PayConfigError);
  });
});

describe('the README’s table of options', () => {
  it('is the one made from the options’ schema: every option, its default and its meaning', () => {
    // cells compared, not spacing: Prettier may pad the table
    const cells = (table: string) =>
      table
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()));
    assert.deepEqual(
      cells(readmeOptions(readFileSync(README, 'utf8'))),
      cells(optionsMarkdown()),
      'packages/server/README.md is behind src/options.ts: run `npm run docs:options`',
    );
    const names = optionsTable().map((row) => row.name);
    for (const option of [
      'client',
      'resolveOrder',
      'claimTimeoutMs',
      'claimLeaseMs',
      'streams.maxStreamsPerClient',
    ])
      assert.ok(names.includes(option), option);
    assert.equal(optionsTable().find((row) => row.name === 'claimTimeoutMs')?.default, '`30000`');
  });
});
