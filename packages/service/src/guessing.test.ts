// A stranger guessing on pay-service: no anonymous route turns a merchant's order id (its own
// numbers, `order-1`, easily guessed) into that order's checkout, and a client that draws many 404s
// on the shoppers' routes (guessing session ids or tokens) is answered 429 for a while.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { fixtures } from '@pay-elements/sandbox';
import { NOT_FOUND_LIMIT } from './operations/not-found-limit.js';
import { startTestService, type Started } from './testing/service.js';

/** A request from `localAddress` (any of 127.0.0.0/8 reaches a server on 127.0.0.1). */
function from(
  localAddress: string,
  url: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        localAddress,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a stranger guessing', () => {
  let s: Started;
  const sessions: Array<{ id: string; account: { account_number: string } }> = [];
  before(async () => {
    s = await startTestService();
    for (let n = 1; n <= 20; n++) {
      const created = await s.api('/api/sessions', {
        body: {
          order_id: `order-${n}`,
          amount: '5000.00',
          currency: 'NGN',
          customer_id: fixtures.customers.ada.id,
          order: { title: `Order ${n}`, reference: `#${1000 + n}` },
        },
      });
      assert.equal(created.status, 201);
      sessions.push((await created.json()) as (typeof sessions)[number]);
    }
    for (const session of sessions.slice(0, 3))
      await s.control.transfer({ account_number: session.account.account_number, amount: 5000 });
    await s.service.sandbox?.flushWebhooks();
  });
  after(() => s.close());

  it('turns no order id into a checkout: 60 guesses give 0 sessions, all 404, then the guesser is throttled', async () => {
    const guesser = '127.0.0.2';
    const answers = [];
    for (let n = 1; n <= 60; n++)
      answers.push(
        await from(guesser, `${s.base}/pay/sessions`, { method: 'POST', body: { order_id: `order-${n}` } }),
      );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array.from({ length: 60 }, () => 404),
    );
    const bodies = answers.map((answer) => answer.body).join('\n');
    for (const session of sessions) {
      assert.ok(!bodies.includes(session.id), 'no session id answered');
      assert.ok(!bodies.includes(session.account.account_number), 'no account number answered');
    }
    assert.match(answers[0]?.body ?? '', /"code":"not_found".*POST \/api\/sessions/);

    // past the limit, what would be the guessing address's 404s are 429s, on any shoppers' route
    const guess = { method: 'POST', body: { order_id: 'order-61' } };
    for (const [path, init] of [
      ['/pay/sessions', guess],
      ['/pay/sessions/ses_guess', {}],
      ['/checkout/ses_guess', {}],
      ['/receipts/x', {}],
    ] as const) {
      const throttled = await from(guesser, `${s.base}${path}`, init);
      assert.equal(throttled.status, 429, path);
      assert.equal(throttled.headers['retry-after'], '6', path);
      assert.match(throttled.body, /"code":"rate_limited"/);
      assert.doesNotMatch(throttled.body, /not_found/, 'nothing of the 404 it replaces');
    }
    // and what exists is still served at that address: shoppers behind one carrier address share it
    // with whoever guesses there (finding 12), and an id or a token is not guessed
    const known = sessions[0]?.id ?? '';
    assert.equal((await from(guesser, `${s.base}/pay/sessions/${known}`)).status, 200);
    assert.equal((await from(guesser, `${s.base}/checkout/${known}`)).status, 200);
    // a shopper on another address, and the merchant's API, are not held up
    assert.equal((await from('127.0.0.3', `${s.base}/pay/sessions/${known}`)).status, 200);
    assert.equal((await from('127.0.0.3', `${s.base}/checkout/${known}`)).status, 200);
    assert.equal((await s.api(`/api/sessions/${known}`)).status, 200);
    // given back at NOT_FOUND_LIMIT.perMinute: one guess more after 6 s on the clock
    s.clock.advance(60_000 / NOT_FOUND_LIMIT.perMinute);
    assert.equal((await from(guesser, `${s.base}/pay/sessions/ses_guess`)).status, 404);
    assert.equal((await from(guesser, `${s.base}/pay/sessions/ses_guess`)).status, 429);
  });
});
