// Pausing webhook delivery (POST /_sandbox/webhooks/pause, /resume): events made meanwhile wait in
// the log, delivered to no one however far the clock moves, then go at once on resume, each once;
// a reset lifts the pause. What pay-conformance uses to see a backend confirm a payment alone.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fixtures } from '@pay-elements/sandbox';
import { webhookSecretFor } from '../support/webhook-secret.js';
import { RESTRICTED, boot, expectFailure, receiver, type Harness } from './helpers.js';

describe('webhook delivery paused', () => {
  let h: Harness;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  before(async () => {
    hooks = await receiver(() => 204);
    h = await boot({ webhookUrl: hooks.url, webhookSecret: webhookSecretFor('pause') });
  });
  beforeEach(() => {
    h.sandbox.reset();
    hooks.received.length = 0;
  });
  after(async () => {
    await h.sandbox.close();
    await hooks.close();
  });

  const transfer = () =>
    h.control.transfer({ account_number: fixtures.virtualAccounts.adaNgn.account_number, amount: 250 });

  it('holds the events back, however far the clock moves, and delivers them once on resume', async () => {
    await h.control.pauseWebhooks();
    await transfer();
    await transfer();
    await h.control.advanceClock(60);
    await h.sandbox.flushWebhooks();
    assert.equal(hooks.received.length, 0, 'nothing delivered while paused');
    const waiting = await h.control.webhooks();
    assert.deepEqual(
      waiting.map((d) => [d.type, d.attempts, d.delivered]),
      [
        ['virtual_account.credited', 0, false],
        ['virtual_account.credited', 0, false],
      ],
    );
    await h.control.resumeWebhooks();
    await hooks.count(2);
    await h.sandbox.flushWebhooks();
    const delivered = await h.control.webhooks();
    assert.deepEqual(
      delivered.map((d) => [d.attempts, d.delivered]),
      [
        [1, true],
        [1, true],
      ],
    );
    assert.deepEqual(
      hooks.received.map((r) => r.headers['webhook-id']).sort(),
      waiting.map((d) => d.id).sort(),
    );
    await transfer();
    await hooks.count(3);
  });

  it('is lifted by a reset', async () => {
    await h.control.pauseWebhooks();
    await h.control.reset();
    await transfer();
    await hooks.count(1);
  });

  it('takes the full key, like the rest of the control API', async () => {
    expectFailure(
      await h.call('/_sandbox/webhooks/pause', { method: 'POST', key: RESTRICTED }),
      403,
      'unauthorized access: permission denied',
    );
    const answer = await h.call('/_sandbox/webhooks/pause', { method: 'POST' });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json, {
      status: true,
      data: { paused: true },
      error: [],
      message: 'operation was successful',
    });
  });
});
