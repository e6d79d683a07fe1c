// The `logFields` option against the emulator: a line the kit writes while answering a request
// carries that request's fields (its creation, a webhook refused or paying, a failure answered), a
// line of work shared by many requests (the breaker, a sweep) does not, and a poll that logs
// nothing never asks for them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { signWebhook } from '@pay-elements/api';
import { SessionView } from '@pay-elements/protocol';
import { withFields, type LogFields, type Logger } from '../log.js';
import {
  creditedEvent,
  jsonPost,
  SANDBOX_KEY,
  START,
  startWorld,
  TransferAnswer,
  WEBHOOK_SECRET,
  type World,
} from '@pay-elements/testing/kit-world';

/** The world's log lines as `[level, message, fields]`. */
function parsed(world: World): Array<{ level: string; message: string; fields: LogFields }> {
  return world.logs.map((line) => {
    const match = /^(\w+) (.*?) (\{.*\})$/s.exec(line);
    assert.ok(match, line);
    return {
      level: match[1] ?? '',
      message: match[2] ?? '',
      fields: JSON.parse(match[3] ?? '{}') as LogFields,
    };
  });
}

function linesSaying(world: World, message: string) {
  return parsed(world).filter((line) => line.message === message);
}

function withId(id: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), 'x-request-id': id } };
}

describe('withFields', () => {
  it('adds the fields before each line’s own, asks for them once at the first line, and survives a throw', () => {
    const lines: Array<[string, LogFields | undefined]> = [];
    const write = (message: string, fields?: LogFields) => lines.push([message, fields]);
    const logger: Logger = { debug: write, info: write, warn: write, error: write };
    let asked = 0;
    const log = withFields(logger, () => {
      asked++;
      return { request_id: 'r-1' };
    });
    assert.equal(asked, 0, 'not asked before a line is written');
    log.info('one');
    log.warn('two', { sessionId: 's' });
    assert.equal(asked, 1);
    assert.deepEqual(lines, [
      ['one', { request_id: 'r-1' }],
      ['two', { request_id: 'r-1', sessionId: 's' }],
    ]);
    const failing = withFields(logger, () => {
      throw new Error('no fields');
    });
    failing.error('three', { a: 1 });
    assert.deepEqual(lines.at(-1), ['three', { a: 1 }]);
  });
});

describe('logFields: the request’s fields on the kit’s lines', () => {
  let world: World;
  let asked = 0;
  before(async () => {
    world = await startWorld({
      kit: {
        webhookSecret: WEBHOOK_SECRET,
        checkTimeoutMs: 250,
        circuitBreaker: { failureThreshold: 1, cooldownMs: 5000 },
        logFields: (request) => {
          asked++;
          return { request_id: request.headers.get('x-request-id') };
        },
      },
    });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), []);
  });

  async function open(orderId: string, amount: string, id: string): Promise<SessionView> {
    world.orders.set(orderId, { amount, currency: 'NGN', customer_id: world.customerId });
    const response = await world.request('/pay/sessions', withId(id, jsonPost({ order_id: orderId })));
    assert.equal(response.status, 201);
    return SessionView.parse(await response.json());
  }

  it('names the request on the lines written while answering it; a quiet poll never asks for its fields', async () => {
    const session = await open('order-created', '300.00', 'req-create-1');
    assert.deepEqual(
      linesSaying(world, 'session created').map((l) => l.fields['request_id']),
      ['req-create-1'],
    );
    const before = asked;
    for (let i = 0; i < 3; i++) {
      const poll = await world.request(`/pay/sessions/${session.id}`, withId(`req-poll-${i}`));
      assert.equal(poll.status, 200);
    }
    assert.equal(asked, before, 'polls that log nothing do not ask for the fields');
  });

  it('names the request on a failure it answered', async () => {
    world.orders.set('order-broken', { amount: 'not money', currency: 'NGN', customer_id: world.customerId });
    const response = await world.request(
      '/pay/sessions',
      withId('req-broken-1', jsonPost({ order_id: 'order-broken' })),
    );
    assert.equal(response.status, 500);
    const [line] = linesSaying(world, 'unexpected error');
    assert.equal(line?.fields['request_id'], 'req-broken-1');
    assert.equal(line?.fields['path'], '/pay/sessions');
  });

  it('names a webhook’s request on its lines, the refusal and the payment alike', async () => {
    const refused = await world.request(
      '/pay/webhooks',
      withId('req-forged-1', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'msg_1',
          'webhook-timestamp': String(Math.floor(START / 1000)),
          'webhook-signature': 'v1,AAAA',
        },
        body: '{}',
      }),
    );
    assert.equal(refused.status, 400);
    assert.equal(linesSaying(world, 'webhook refused')[0]?.fields['request_id'], 'req-forged-1');

    const session = await open('order-webhook', '450.00', 'req-create-2');
    const transfer = await world.control('/transfers', {
      account_number: session.account.account_number,
      amount: 450,
    });
    const transaction = TransferAnswer.parse(transfer).data;
    const event = creditedEvent('evt_request_logs_1', session, transaction);
    const body = JSON.stringify(event);
    const signed = signWebhook({
      secret: WEBHOOK_SECRET,
      id: event.id,
      timestamp: Math.floor(START / 1000),
      body,
    });
    const accepted = await world.request(
      '/pay/webhooks',
      withId('req-webhook-1', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signed },
        body,
      }),
    );
    assert.equal(accepted.status, 200);
    assert.equal((await world.kit.getSession(session.id))?.status, 'paid');
    assert.deepEqual(
      linesSaying(world, 'session paid').map((l) => l.fields['request_id']),
      ['req-webhook-1'],
    );
  });

  it('leaves the lines of shared work without them: the breaker’s and a sweep’s', async () => {
    const session = await open('order-down', '600.00', 'req-create-3');
    await world.control('/faults', { path_prefix: '/v1', status: 503 });
    try {
      // past the interval, even the longer one of a kit whose webhooks were verified
      world.advance(10_000);
      const poll = await world.request(`/pay/sessions/${session.id}`, withId('req-down-1'));
      assert.equal(poll.status, 503);
      const [breaker] = linesSaying(world, 'payment provider unavailable; failing fast');
      assert.ok(breaker, world.logs.join('\n'));
      assert.ok(!('request_id' in breaker.fields), 'the breaker’s line is the kit’s own');
      const [answered] = linesSaying(world, 'answered upstream_unavailable');
      assert.equal(answered?.fields['request_id'], 'req-down-1');
      assert.equal(answered?.fields['path'], `/pay/sessions/${session.id}`);
      const sweepsFrom = world.logs.length;
      world.advance(5000);
      await world.kit.watcher.sweep();
      const swept = parsed(world).slice(sweepsFrom);
      assert.ok(swept.length > 0, 'the sweep wrote lines');
      for (const line of swept)
        assert.ok(!('request_id' in line.fields), `a sweep's line names no request: ${line.message}`);
    } finally {
      const cleared = await fetch(`${world.sandbox.url}/_sandbox/faults`, {
        method: 'DELETE',
        headers: { 'x-api-key': SANDBOX_KEY },
      });
      assert.equal(cleared.status, 200);
    }
  });
});
