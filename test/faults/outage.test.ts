// A checkout through a provider outage, over real HTTP on loopback: the emulator (frozen clock, shared
// with the kit) injects 503s, answers slower than the client's timeout, or drops connections, through
// its control API. The kit (node:http adapter) answers upstream_unavailable fast, with Retry-After;
// once its circuit breaker is open, polls no longer wait on the provider at all; no session is lost;
// a transfer made during the outage is recognised once the provider is back, and onPaid runs once —
// whether the watcher finds it afterwards or the emulator's webhook brought it during the outage.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FetchLike } from '@pay-elements/api';
import { ErrorBody, SessionView } from '@pay-elements/protocol';
import type { FaultBody, Sandbox, SandboxControl } from '@pay-elements/sandbox';
import type { PayHandler, SessionRecord } from '@pay-elements/server';
import { startEmulatorAndKit } from '@pay-elements/testing/emulator-and-kit';
import { webhookSecretFor } from '../support/webhook-secret.js';

const SECRET = webhookSecretFor('faults_outage');
/**
 * The client's timeout and the kit's per-check timeout, ms (real time): long enough that a healthy
 * call on a busy machine ends within it (at 300 ms the checkout opened before the outage once met it
 * in a full run), short enough that the slow outage's three failing checks wait 2.7 s in all.
 */
const TIMEOUT = 900;
const INTERVAL = 5000;
const COOLDOWN = 10_000;
const THRESHOLD = 3;

interface Stack {
  sandbox: Sandbox;
  control: SandboxControl;
  kit: PayHandler;
  url: string;
  paid: SessionRecord[];
  /** provider calls the kit made, as `METHOD /path` */
  calls: string[];
  close(): Promise<void>;
}

async function startStack(webhooks: boolean): Promise<Stack> {
  const calls: string[] = [];
  const counting: FetchLike = (input, init) => {
    calls.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
    return fetch(input, init);
  };
  const paid: SessionRecord[] = [];
  const started = await startEmulatorAndKit({
    serve: true,
    webhooks,
    webhookSecret: SECRET,
    customer: null,
    // the client's own retry policy (undefined: its default), as a merchant runs it
    client: () => ({ fetch: counting, timeout: TIMEOUT, maxRetries: undefined }),
    kit: ({ customerId }) => ({
      resolveOrder: (id) =>
        id.startsWith('order-') ? { amount: '5000.00', currency: 'NGN', customer_id: customerId } : null,
      onPaid: (session) => {
        paid.push(session);
      },
      pollIntervalMs: INTERVAL,
      checkTimeoutMs: TIMEOUT,
      circuitBreaker: { failureThreshold: THRESHOLD, cooldownMs: COOLDOWN },
      logger: { debug() {}, info() {}, warn() {}, error: (m, f) => console.error(m, f) },
    }),
  });
  return {
    sandbox: started.sandbox,
    control: started.control,
    kit: started.kit,
    url: started.kitUrl ?? '',
    paid,
    calls,
    close: () => started.close(),
  };
}

interface Answer {
  status: number;
  retryAfter: string | null;
  /** real milliseconds the answer took */
  ms: number;
  json: unknown;
}

async function call(url: string, init?: RequestInit): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
  const json: unknown = await response.json();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    ms: performance.now() - started,
    json,
  };
}

function create(stack: Stack, orderId: string): Promise<Answer> {
  return call(`${stack.url}/pay/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId }),
  });
}

function poll(stack: Stack, id: string): Promise<Answer> {
  return call(`${stack.url}/pay/sessions/${encodeURIComponent(id)}`);
}

/**
 * 503 upstream_unavailable with a Retry-After. Not timed: that nothing waited on the provider shows in
 * what it answered (a provider slower than the timeout would have answered 200 in the end) and in the
 * provider calls counted, whatever else the machine is doing.
 */
function assertUnavailable(answer: Answer, what: string): void {
  assert.equal(answer.status, 503, `${what}: ${JSON.stringify(answer.json)}`);
  assert.equal(ErrorBody.parse(answer.json).error.code, 'upstream_unavailable');
  assert.match(answer.retryAfter ?? '', /^[1-9]\d*$/, `${what}: Retry-After`);
}

const faults: Array<[string, FaultBody]> = [
  ['503s', { path_prefix: '/v1', status: 503 }],
  ['answers slower than the timeout', { path_prefix: '/v1', delay_ms: 3 * TIMEOUT }],
  ['dropped connections', { path_prefix: '/v1', drop: true }],
];

for (const webhooks of [false, true]) {
  for (const [label, fault] of faults) {
    describe(`an outage of ${label}, webhooks ${webhooks ? 'on' : 'off'}`, () => {
      let stack: Stack;
      before(async () => {
        stack = await startStack(webhooks);
      });
      after(async () => {
        await stack.close();
      });

      it('fails fast, loses nothing, and recognises the payment made meanwhile once', async () => {
        const clock = stack.sandbox.clock;
        // two checkouts open before the outage
        const paying = SessionView.parse((await create(stack, 'order-paying')).json);
        const waiting = SessionView.parse((await create(stack, 'order-waiting')).json);

        await stack.control.injectFault(fault);
        // the first checks fail within the per-check timeout (plus the loopback's time)
        for (let i = 0; i < THRESHOLD; i++) {
          clock.advance(INTERVAL);
          assertUnavailable(await poll(stack, paying.id), `failing check ${i + 1}`);
        }
        assert.equal(stack.kit.breaker.state, 'open');

        // from now on nothing waits on the provider: many polls, a new checkout, a renewal
        const before = stack.calls.length;
        for (let i = 0; i < 10; i++) {
          clock.advance(COOLDOWN / 20); // 5 s in all: the customer is due again, the breaker still open
          const id = i % 2 ? paying.id : waiting.id;
          assertUnavailable(await poll(stack, id), `poll ${i + 1} with the breaker open`);
        }
        assertUnavailable(await create(stack, 'order-new'), 'a new checkout');
        assert.equal(stack.calls.length, before, 'the provider was not asked while the breaker was open');

        // the shopper pays during the outage (the control API is not subject to /v1 faults)
        await stack.control.transfer({ account_number: paying.account.account_number, amount: 5000 });
        await stack.sandbox.flushWebhooks();
        clock.advance(INTERVAL / 2);
        const meanwhile = await poll(stack, paying.id);
        if (webhooks) {
          // the webhook reached the kit: the session answers paid from the store, provider or not
          assert.equal(meanwhile.status, 200);
          assert.equal(SessionView.parse(meanwhile.json).status, 'paid');
        } else {
          assertUnavailable(meanwhile, 'still down');
        }

        // the provider is back: after the cooldown, the next poll brings every session up to date
        await stack.control.clearFaults();
        clock.advance(COOLDOWN);
        const back = await poll(stack, paying.id);
        assert.equal(back.status, 200, JSON.stringify(back.json));
        const view = SessionView.parse(back.json);
        assert.equal(view.status, 'paid');
        assert.equal(view.account.account_number, paying.account.account_number);
        const other = await poll(stack, waiting.id);
        assert.equal(other.status, 200);
        assert.equal(stack.kit.breaker.state, 'closed');
        assert.deepEqual(SessionView.parse(other.json).account, waiting.account, 'no session was lost');
        assert.equal(SessionView.parse(other.json).status, 'pending');
        assert.equal((await create(stack, 'order-new')).status, 201);

        // exactly once, however often it is asked afterwards
        for (let i = 0; i < 3; i++) {
          clock.advance(INTERVAL);
          assert.equal(SessionView.parse((await poll(stack, paying.id)).json).status, 'paid');
        }
        await stack.kit.watcher.sweep();
        await stack.kit.watcher.idle();
        assert.deepEqual(
          stack.paid.map((s) => s.id),
          [paying.id],
        );
      });
    });
  }
}

describe('slow answers within the timeout', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack(false);
  });
  after(async () => {
    await stack.close();
  });

  it('are waited for: the poll answers the view, the breaker stays closed', async () => {
    const session = SessionView.parse((await create(stack, 'order-slow')).json);
    await stack.control.injectFault({ path_prefix: '/v1/transactions', delay_ms: TIMEOUT / 3 });
    for (let i = 0; i < THRESHOLD + 1; i++) {
      stack.sandbox.clock.advance(INTERVAL);
      const answer = await poll(stack, session.id);
      assert.equal(answer.status, 200);
      assert.ok(answer.ms >= TIMEOUT / 3 - 10, `the provider was asked (${Math.round(answer.ms)} ms)`);
      assert.equal(SessionView.parse(answer.json).status, 'pending');
    }
    assert.equal(stack.kit.breaker.state, 'closed');
    await stack.control.clearFaults();
  });
});
