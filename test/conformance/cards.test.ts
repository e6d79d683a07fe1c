// Cards: freeze and unfreeze, withdraw (event, wallet, balance), reveal and its rate limit on the
// clock, events pagination, and the spec's two not-found messages.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { CardEvent, CardSecret, CardWithdrawal, Empty } from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import {
  balanceOf,
  boot,
  expectFailure,
  expectOk,
  expectPage,
  expectValidation,
  type Harness,
} from './helpers.js';

const card = fixtures.cards.adaUsd;
const USD = fixtures.wallets.USD.id;

describe('cards', () => {
  let h: Harness;
  before(async () => {
    h = await boot();
  });
  beforeEach(() => h.sandbox.reset());
  after(() => h.sandbox.close());

  it('freezes a usable card and unfreezes a frozen one; unfreezing a usable card is refused', async () => {
    const path = `/v1/cards/${card.id}`;
    expectFailure(await h.call(`${path}/unfreeze`, { method: 'PUT' }), 400, 'card is not frozen');
    assert.deepEqual(expectOk(await h.call(`${path}/freeze`, { method: 'PUT' }), Empty), {});
    assert.deepEqual(
      expectOk(await h.call(`${path}/freeze`, { method: 'PUT' }), Empty),
      {},
      'freezing is idempotent',
    );
    assert.deepEqual(expectOk(await h.call(`${path}/unfreeze`, { method: 'PUT' }), Empty), {});
    expectFailure(await h.call(`${path}/unfreeze`, { method: 'PUT' }), 400, 'card is not frozen');
    expectOk(await h.call(`/v1/cards/${fixtures.cards.thaboFrozen.id}/unfreeze`, { method: 'PUT' }), Empty);
    expectFailure(await h.call('/v1/cards/crd_nope/freeze', { method: 'PUT' }), 404, 'card not found');
    expectFailure(await h.call('/v1/cards/crd_nope/unfreeze', { method: 'PUT' }), 404, 'card not found');
  });

  it('withdraws into the business wallet, with a withdraw_card event named by the reference', async () => {
    const result = expectOk(
      await h.call(`/v1/cards/${card.id}/withdraw`, {
        method: 'POST',
        body: { currency: 'USD', amount: 100.5 },
      }),
      CardWithdrawal,
    );
    assert.deepEqual(result.customer, {
      id: fixtures.customers.ada.id,
      first_name: 'Ada',
      last_name: 'Okafor',
      email: fixtures.customers.ada.email,
    });
    assert.equal(result.card_id, card.id);
    assert.equal(result.transaction_status, 'processing');
    assert.equal(result.currency, 'usd');
    assert.equal(result.amount, '100.50');
    assert.equal(await balanceOf(h, USD), '25100.50');

    const events = expectPage(await h.call(`/v1/cards/${card.id}/events`), CardEvent);
    const [latest, created] = events.items;
    assert.ok(latest && created);
    assert.equal(latest.type, 'withdraw_card');
    assert.equal(latest.event_id, result.transaction_reference);
    assert.equal(latest.status, 'processing');
    assert.equal(latest.amount, '100.50');
    assert.equal(latest.currency, 'usd');
    assert.equal(created.type, 'create_card');
    assert.equal(created.status, 'success');

    // 250.00 − 100.50 = 149.50 left: more is refused, exactly that is not
    expectFailure(
      await h.call(`/v1/cards/${card.id}/withdraw`, {
        method: 'POST',
        body: { currency: 'usd', amount: 149.51 },
      }),
      400,
      'insufficient card balance',
    );
    expectOk(
      await h.call(`/v1/cards/${card.id}/withdraw`, {
        method: 'POST',
        body: { currency: 'usd', amount: 149.5 },
      }),
      CardWithdrawal,
    );
    assert.equal(await balanceOf(h, USD), '25250.00');
  });

  it('funds a card issued without a balance, so its first withdrawal succeeds into the wallet', async () => {
    const issued = await h.control.issueCard({ customer_id: fixtures.customers.kwame.id, currency: 'GHS' });
    assert.equal(issued.balance, '1000.00');
    const GHS = fixtures.wallets.GHS.id;
    const before = await balanceOf(h, GHS);
    const result = expectOk(
      await h.call(`/v1/cards/${issued.card_id}/withdraw`, {
        method: 'POST',
        body: { currency: 'GHS', amount: 1000 },
      }),
      CardWithdrawal,
    );
    assert.equal(result.amount, '1000.00');
    assert.equal(Number(await balanceOf(h, GHS)) - Number(before), 1000, 'the wallet received it all');
    expectFailure(
      await h.call(`/v1/cards/${issued.card_id}/withdraw`, {
        method: 'POST',
        body: { currency: 'GHS', amount: 0.01 },
      }),
      400,
      'insufficient card balance',
    );
  });

  it('refuses withdrawals from unknown cards, in another currency, or without the fields', async () => {
    expectFailure(
      await h.call('/v1/cards/crd_nope/withdraw', { method: 'POST', body: { currency: 'USD', amount: 1 } }),
      404,
      'card was not found',
    );
    assert.deepEqual(
      expectValidation(
        await h.call(`/v1/cards/${card.id}/withdraw`, {
          method: 'POST',
          body: { currency: 'NGN', amount: 1 },
        }),
      ),
      { currency: ["must be usd, the card's currency"] },
    );
    assert.deepEqual(
      expectValidation(await h.call(`/v1/cards/${card.id}/withdraw`, { method: 'POST', body: {} })),
      {
        currency: ['This field is required'],
        amount: ['This field is required'],
      },
    );
  });

  it('reveals the card details, ten times a minute per card, on the emulator clock', async () => {
    const secret = expectOk(await h.call(`/v1/cards/${card.id}/reveal`), CardSecret);
    assert.deepEqual(secret, { number: card.number, cvv: card.cvv });
    for (let i = 1; i < 10; i++) expectOk(await h.call(`/v1/cards/${card.id}/reveal`), CardSecret);
    const limited = await h.call(`/v1/cards/${card.id}/reveal`);
    expectFailure(limited, 429, 'too many requests');
    assert.equal(limited.headers.get('retry-after'), '60');
    // another card has its own allowance
    expectOk(await h.call(`/v1/cards/${fixtures.cards.emilyUsd.id}/reveal`), CardSecret);
    h.sandbox.clock.advance(30_000);
    const still = await h.call(`/v1/cards/${card.id}/reveal`);
    expectFailure(still, 429, 'too many requests');
    assert.equal(still.headers.get('retry-after'), '30');
    h.sandbox.clock.advance(30_000);
    expectOk(await h.call(`/v1/cards/${card.id}/reveal`), CardSecret);
    expectFailure(await h.call('/v1/cards/crd_nope/reveal'), 404, 'card not found');
  });

  it('honours a configured reveal limit', async () => {
    const strict = await boot({ revealLimit: 2 });
    try {
      expectOk(await strict.call(`/v1/cards/${card.id}/reveal`), CardSecret);
      expectOk(await strict.call(`/v1/cards/${card.id}/reveal`), CardSecret);
      expectFailure(await strict.call(`/v1/cards/${card.id}/reveal`), 429, 'too many requests');
    } finally {
      await strict.sandbox.close();
    }
  });

  it('pages card events and answers `card not found` for an unknown card', async () => {
    const issued = await h.control.issueCard({
      customer_id: fixtures.customers.kwame.id,
      currency: 'GHS',
      balance: 300,
    });
    assert.equal(issued.balance, '300.00');
    assert.equal(issued.currency, 'ghs');
    assert.equal(issued.status, 'active');
    for (let i = 0; i < 4; i++) {
      expectOk(
        await h.call(`/v1/cards/${issued.card_id}/withdraw`, {
          method: 'POST',
          body: { currency: 'GHS', amount: 10 },
        }),
        CardWithdrawal,
      );
    }
    const first = expectPage(await h.call(`/v1/cards/${issued.card_id}/events?size=2`), CardEvent);
    assert.deepEqual(
      { ...first, items: first.items.length },
      {
        items: 2,
        page: 0,
        size: 2,
        max_page: 2,
        total_pages: 3,
        total: 5,
        last: false,
        first: true,
        visible: 2,
      },
    );
    const last = expectPage(await h.call(`/v1/cards/${issued.card_id}/events?size=2&page=2`), CardEvent);
    assert.equal(last.visible, 1);
    assert.equal(last.last, true);
    assert.equal(last.items[0]?.type, 'create_card');
    const filtered = expectPage(
      await h.call(`/v1/cards/${issued.card_id}/events?filter=type:create_card`),
      CardEvent,
    );
    assert.equal(filtered.total, 1);
    expectFailure(await h.call('/v1/cards/crd_nope/events'), 404, 'card not found');
  });
});
