// Opening a customer's own accounts, through the kit against the emulator: one opening per currency
// for first visits at once, every visit shown the same accounts; a naira opening without the BVN
// refused by name (400) and held back a while without asking the provider again, a dollar one opened
// without it; a failed opening waits 30 s, doubling, at most an hour.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorBody, FundingView } from '@pay-elements/protocol';
import { startWorld } from '@pay-elements/testing/kit-world';
import { openingBackoffMs } from './accounts.js';

const BVN = '22212345678';
const CREATE = 'POST /v1/virtual-accounts/create';

async function world(customer: () => { id_number?: string }, currencies = ['NGN', 'USD']) {
  const w = await startWorld({ kit: { funding: { currencies, customer } } });
  after(() => w.close());
  const visit = (token: string) => w.request(`/pay/funding/${token}`);
  const creates = () => w.calls.filter((c) => c === CREATE).length;
  return { w, visit, creates, token: w.kit.fundingToken(w.customerId) };
}

describe("opening a customer's accounts", () => {
  it('opens one set per currency for eight first visits at once, and shows each visit the same', async () => {
    const t = await world(() => ({ id_number: BVN }));
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.visit(t.token)));
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(8).fill(200),
    );
    const views = await Promise.all(answers.map(async (a) => FundingView.parse(await a.json())));
    assert.equal(t.creates(), 2, 'one opening per currency');
    const numbers = new Set(views.map((v) => v.accounts.map((a) => a.account_number).join()));
    assert.equal(numbers.size, 1);
    assert.deepEqual(
      views[0]!.accounts.map((a) => a.currency),
      ['NGN', 'USD'],
    );
    await t.visit(t.token);
    assert.equal(t.creates(), 2, 'later visits answer from the store');
  });

  it('refuses a naira opening without the BVN by name, and holds it back without asking again', async () => {
    const t = await world(() => ({}), ['NGN']);
    const refused = await t.visit(t.token);
    assert.equal(refused.status, 400);
    const body = ErrorBody.parse(await refused.json());
    assert.equal(body.error.code, 'invalid_request');
    assert.ok(body.error.fields && Object.keys(body.error.fields).length > 0, JSON.stringify(body));
    const asked = t.creates();
    assert.equal((await t.visit(t.token)).status, 400);
    assert.equal(t.creates(), asked, 'the refusal is answered again without a provider call');
  });

  it('opens a dollar account without the BVN', async () => {
    const t = await world(() => ({}), ['USD']);
    const answer = await t.visit(t.token);
    assert.equal(answer.status, 200, await answer.clone().text());
    assert.equal(FundingView.parse(await answer.json()).accounts[0]?.currency, 'USD');
  });

  it('waits 30 s after a failed opening, doubling, at most an hour', () => {
    assert.deepEqual([1, 2, 3, 8, 20].map(openingBackoffMs), [30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});
