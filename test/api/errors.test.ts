// Every error class the client raises, provoked through the emulator the way a user would meet it.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import {
  AuthenticationError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestAbortedError,
  TimeoutError,
  UnexpectedResponseError,
  ValidationError,
  type PayClient,
} from '@pay-elements/api';
import { RESTRICTED_KEY, failureOf, field, startEmulator, type Emulator } from './harness.js';

let emulator: Emulator;
let pay: PayClient;

before(async () => {
  emulator = await startEmulator();
});
after(() => emulator.close());
beforeEach(async () => {
  await emulator.control('/reset');
  await emulator.control('/faults', undefined, 'DELETE');
  pay = emulator.client().pay;
});

async function newCard(): Promise<string> {
  const customer = await emulator.control('/customers', {
    email: 'card@example.com',
    first_name: 'Card',
    last_name: 'Holder',
    country_code: 'NGA',
    phone: '8012345678',
    dial_code: '+234',
  });
  const card = await emulator.control('/cards', { customer_id: field(customer, 'id'), currency: 'usd' });
  return field(card, 'card_id');
}

describe('authentication and permission', () => {
  it('answers an unknown key with AuthenticationError, never echoing the key', async () => {
    const { pay: wrong } = emulator.client({ apiKey: 'sk_sandbox_wrong_key_123' });
    const error = await failureOf(wrong.wallets.list());
    assert.ok(error instanceof AuthenticationError);
    assert.equal(error.status, 401);
    assert.equal(error.message, 'unauthorized access');
    assert.ok(!`${error.message}${String(error.stack)}${JSON.stringify(error.raw)}`.includes('wrong_key'));
  });

  it('lets the restricted key read banks and nothing else', async () => {
    const { pay: restricted } = emulator.client({ apiKey: RESTRICTED_KEY });
    assert.ok((await restricted.banks.list('NG')).length > 0);
    const error = await failureOf(restricted.wallets.list());
    assert.ok(error instanceof PermissionDeniedError);
    assert.equal(error.status, 403);
    assert.equal(error.message, 'unauthorized access: permission denied');
  });
});

describe('not found', () => {
  it('uses the spec’s messages for customers and cards', async () => {
    const cases: Array<[() => Promise<unknown>, string]> = [
      [() => pay.customers.retrieve('cus_missing'), 'customer was not found'],
      [() => pay.virtualAccounts.list({ customer_id: 'cus_missing' }), 'customer was not found'],
      [() => pay.cards.withdraw('card_missing', { currency: 'usd', amount: 1 }), 'card was not found'],
      [() => pay.cards.reveal('card_missing'), 'card not found'],
      [() => pay.cards.events('card_missing'), 'card not found'],
    ];
    for (const [call, message] of cases) {
      const error = await failureOf(call());
      assert.ok(error instanceof NotFoundError, String(error));
      assert.equal(error.status, 404);
      assert.equal(error.message, message);
    }
  });
});

describe('validation', () => {
  it('turns the emulator’s validation body into fields', async () => {
    const error = await failureOf(pay.invoices.list({ sort: 'colour,asc' }));
    assert.ok(error instanceof ValidationError);
    assert.equal(error.status, 400);
    assert.ok(error.fields?.sort?.[0], JSON.stringify(error.fields));
  });

  it('answers an unknown country with the 400 envelope', async () => {
    const error = await failureOf(pay.banks.list('XX'));
    assert.ok(error instanceof ValidationError);
    assert.equal(error.status, 400);
    assert.ok(error.message.length > 0);
  });

  it('fails locally, status 0, before sending a bad payment', async () => {
    const counted = emulator.client();
    const error = await failureOf(
      counted.pay.payments.send({
        from_amount: 0,
        from_wallet_id: '',
        to_currency: 'NGN',
        payment_method: 'bank_transfer',
        info: {},
      }),
    );
    assert.ok(error instanceof ValidationError);
    assert.equal(error.status, 0);
    assert.ok(error.fields?.from_amount && error.fields.from_wallet_id && error.fields['info.bank_code']);
    assert.deepEqual(counted.attempts, []);
  });
});

describe('rate limit', () => {
  it('limits card reveals, saying when to come back', async () => {
    const cardId = await newCard();
    for (let i = 0; i < 10; i++) await pay.cards.reveal(cardId);
    const counted = emulator.client();
    const error = await failureOf(counted.pay.cards.reveal(cardId));
    assert.ok(error instanceof RateLimitError);
    assert.equal(error.status, 429);
    // The frozen clock never frees a slot: every repeat is refused too, after the wait it asked for.
    assert.equal(counted.attempts.length, 3);
    assert.equal(error.retryAfter, 60);
    assert.deepEqual(counted.waits, [60_000, 60_000]);
    await emulator.control('/clock', { advance_minutes: 1 });
    assert.ok((await pay.cards.reveal(cardId)).number.length > 0);
  });
});

describe('network', () => {
  it('answers a closed port with ConnectionError after the retries', async () => {
    const port = await closedPort();
    const counted = emulator.client({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await failureOf(counted.pay.wallets.list());
    assert.ok(error instanceof ConnectionError && !(error instanceof TimeoutError));
    assert.equal(counted.attempts.length, 3);
    assert.equal(counted.waits.length, 2);
  });

  it('times out on an injected delay', async () => {
    await emulator.control('/faults', { path_prefix: '/v1/wallets', delay_ms: 400, times: 1 });
    const counted = emulator.client({ timeout: 100, maxRetries: 0 });
    const error = await failureOf(counted.pay.wallets.list());
    assert.ok(error instanceof TimeoutError);
    assert.match(error.message, /GET \/v1\/wallets: no answer within 100 ms/);
  });

  it('stops when the caller aborts', async () => {
    await emulator.control('/faults', { path_prefix: '/v1/wallets', delay_ms: 400, times: 1 });
    const error = await failureOf(pay.wallets.list({ signal: AbortSignal.timeout(50) }));
    assert.ok(error instanceof RequestAbortedError);
  });

  it('answers persistent 5xx with InternalServerError', async () => {
    await emulator.control('/faults', { path_prefix: '/v1/customers', status: 500, times: 5 });
    const counted = emulator.client({ maxRetries: 1 });
    const error = await failureOf(counted.pay.customers.list());
    assert.ok(error instanceof InternalServerError);
    assert.equal(error.status, 500);
    assert.equal(counted.attempts.length, 2);
  });
});

describe('unexpected answers', () => {
  it('refuses JSON where CSV was asked for (a provider whose export flag differs)', async () => {
    const { pay: misconfigured } = emulator.client({ conventions: { query: { export: 'format' } } });
    const error = await failureOf(misconfigured.transactions.exportCsv());
    assert.ok(error instanceof UnexpectedResponseError);
    assert.ok(error.raw !== undefined);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
