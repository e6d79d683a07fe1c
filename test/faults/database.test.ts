// PostgreSQL stopped and started under two running server-example processes, as an operator's
// `pg_ctl stop -m fast` does it: nothing crashes, readiness follows the database, polls and creates
// get a quick 503 with Retry-After (not 500, not a hang), a payment made while the database was away
// is confirmed once when it is back, and the LISTEN connection comes back so that a stream held by
// the instance that checks nothing itself (A) still gets "paid" found by the other (B).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SessionView } from '@pay-elements/protocol';
import { SandboxControl, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import { SseReader } from '@pay-elements/testing/sse';
import {
  freePort,
  killLaunched,
  paidLines,
  until,
  type Running,
  launchEmulator,
  launchExample,
} from '../support/processes.js';
import { webhookSecretFor } from '../support/webhook-secret.js';

const KEY = DEFAULT_API_KEY;
const SECRET = webhookSecretFor('faults_database');

describe('PostgreSQL stopped and started under running instances', { timeout: 120_000 }, () => {
  let postgres: TestPostgres;
  let control: SandboxControl;
  let a: { url: string; process: Running };
  let b: { url: string; process: Running };

  before(async () => {
    postgres = await startPostgres({ own: true });
    const database = postgres.createDatabase('shop');
    const [portA, portB] = [await freePort(), await freePort()];
    const sandboxUrl = await launchEmulator(`http://127.0.0.1:${portB}/pay/webhooks`, SECRET);
    control = new SandboxControl(sandboxUrl, KEY);
    const start = (port: number, env: Record<string, string>) =>
      launchExample(port, sandboxUrl, SECRET, { PAY_DATABASE_URL: database, ...env });
    // A checks nothing itself within the test (its stream can only learn of "paid" through LISTEN);
    // B sweeps often and receives the webhooks
    const [processA, processB] = await Promise.all([
      start(portA, { PAY_POLL_INTERVAL_MS: '600000', PAY_SWEEP_INTERVAL_MS: '3600000' }),
      start(portB, { PAY_POLL_INTERVAL_MS: '500', PAY_SWEEP_INTERVAL_MS: '500' }),
    ]);
    a = { url: `http://127.0.0.1:${portA}`, process: processA };
    b = { url: `http://127.0.0.1:${portB}`, process: processB };
  });

  after(async () => {
    await killLaunched();
    postgres.stop();
  });

  const ready = async (url: string) => (await fetch(`${url}/readyz`)).status;

  it('answers 503 meanwhile, confirms the payment once when it is back, and streams get "paid"', async () => {
    const created = await fetch(`${a.url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    assert.equal(created.status, 201);
    const view = SessionView.parse(await created.json());
    const stream = await fetch(`${a.url}/pay/sessions/${view.id}/events`);
    assert.equal(stream.status, 200);
    assert.ok(stream.body);
    const events = new SseReader(stream.body);
    assert.equal(SessionView.parse(JSON.parse((await events.nextEvent())?.data ?? '{}')).status, 'pending');
    assert.equal(await ready(a.url), 200);
    assert.equal(await ready(b.url), 200);

    postgres.pause();
    await until('A not ready', 5_000, async () => ((await ready(a.url)) === 503 ? true : undefined));
    const readiness: unknown = await (await fetch(`${b.url}/readyz`)).json();
    assert.deepEqual(readiness, { ready: false, reason: 'store_unavailable' });

    const started = Date.now();
    const poll = await fetch(`${a.url}/pay/sessions/${view.id}`);
    const pollMs = Date.now() - started;
    assert.equal(poll.status, 503, 'a poll while the database is away');
    assert.ok(Number(poll.headers.get('retry-after')) >= 1, 'with Retry-After');
    assert.equal(((await poll.json()) as { error: { code: string } }).error.code, 'upstream_unavailable');
    assert.ok(pollMs < 6_000, `answered in ${pollMs} ms`);
    const create = await fetch(`${b.url}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-2' }),
    });
    assert.equal(create.status, 503, 'a create while the database is away');
    console.log(`poll while PostgreSQL is stopped: ${pollMs} ms`);

    // paid while the database is away: the webhook to B gets a 503, B's sweeps fail meanwhile
    await control.transfer({ account_number: view.account.account_number, amount: Number(view.amount) });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    assert.equal(a.process.child.exitCode, null, 'A still running');
    assert.equal(b.process.child.exitCode, null, 'B still running');

    postgres.resume();
    await until('A ready again', 10_000, async () => ((await ready(a.url)) === 200 ? true : undefined));
    await until('B ready again', 10_000, async () => ((await ready(b.url)) === 200 ? true : undefined));

    const paid = await events.nextEvent();
    assert.equal(
      SessionView.parse(JSON.parse(paid?.data ?? '{}')).status,
      'paid',
      'the stream on A gets "paid"',
    );
    const both = () => `${a.process.output()}\n${b.process.output()}`;
    await until('onPaid of demo-1', 10_000, () =>
      Promise.resolve(paidLines(both(), 'demo-1') >= 1 ? true : undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(paidLines(both(), 'demo-1'), 1, 'onPaid once');

    // each loss said once per instance, not once per connection or request
    const count = (text: string, pattern: RegExp) => text.split('\n').filter((l) => pattern.test(l)).length;
    assert.equal(count(a.process.output(), /PostgreSQL connection lost/), 1, a.process.output());
    assert.equal(count(a.process.output(), /PostgreSQL LISTEN connection lost/), 1, a.process.output());
    assert.doesNotMatch(both(), /sk_sandbox/, 'no key in a log line');
  });
});
