// GET /pay/links/{id} against the real emulator over loopback, with the real client.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures, createClock } from '@pay-elements/sandbox';
import { ErrorBody, LinkView } from '@pay-elements/protocol';
import { startWorld, START, type World } from '@pay-elements/testing/kit-world';
import { buildLinkView, linkStatus } from './index.js';

const DAY = 24 * 60 * 60 * 1000;

async function viewOf(response: Response): Promise<LinkView> {
  assert.equal(response.status, 200);
  return LinkView.parse(await response.json());
}

describe('payment link view against the emulator', () => {
  let world: World;
  const linkCalls = () => world.calls.filter((c) => c === 'GET /v1/links').length;

  before(async () => {
    world = await startWorld();
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), []);
  });

  it('finds a link by id in the provider list: amount as a decimal string, status as a word', async () => {
    const response = await world.request(`/pay/links/${fixtures.links.proMonthly.id}`);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await viewOf(response), {
      id: 'lnk_pro_monthly',
      title: 'Pro plan, monthly',
      description: 'Acme Stores Pro: priority delivery and 5% off every order.',
      amount: '15000.00',
      url: 'https://pay.sandbox.local/l/pro-monthly',
      status: 'active',
      expires_at: new Date(START + 30 * DAY).toISOString(),
      created_at: new Date(START - 40 * DAY).toISOString(),
    });
  });

  it('maps the integer statuses 1, 0 and 2 to active, inactive and expired', async () => {
    const statuses = await Promise.all(
      [fixtures.links.donation, fixtures.links.workshop, fixtures.links.blackFriday].map(async (link) => {
        const view = await viewOf(await world.request(`/pay/links/${link.id}`));
        return [link.status, view.status, view.amount];
      }),
    );
    assert.deepEqual(statuses, [
      [1, 'active', '5000.00'],
      [0, 'inactive', '25000.00'],
      [2, 'expired', '9999.99'],
    ]);
  });

  it('answers 404 not_found for an unknown link', async () => {
    const response = await world.request('/pay/links/lnk_nope');
    assert.equal(response.status, 404);
    assert.deepEqual(ErrorBody.parse(await response.json()).error, {
      code: 'not_found',
      message: 'No such payment link.',
    });
  });

  it('keeps the list for 30 s: no provider call within, one after, one for many requests together', async () => {
    world.advance(31_000); // whatever earlier tests cached is stale now
    const start = linkCalls();
    const together = await Promise.all(
      Array.from({ length: 10 }, () => world.request(`/pay/links/${fixtures.links.donation.id}`)),
    );
    assert.ok(together.every((r) => r.status === 200));
    assert.equal(linkCalls() - start, 1, 'one walk of the list for ten requests');
    world.advance(29_000);
    assert.equal((await world.request(`/pay/links/${fixtures.links.workshop.id}`)).status, 200);
    assert.equal((await world.request('/pay/links/lnk_nope')).status, 404);
    assert.equal(linkCalls() - start, 1, 'within the TTL: no provider call, not even for an unknown id');
    world.advance(1000);
    assert.equal((await world.request(`/pay/links/${fixtures.links.workshop.id}`)).status, 200);
    assert.equal(linkCalls() - start, 2, 'after the TTL: a new call');
  });

  it('answers an ETag and 304 while the link does not change', async () => {
    const first = await world.request(`/pay/links/${fixtures.links.proMonthly.id}`);
    const etag = first.headers.get('etag') ?? '';
    const again = await world.request(`/pay/links/${fixtures.links.proMonthly.id}`, {
      headers: { 'if-none-match': etag },
    });
    assert.equal(again.status, 304);
  });

  it('shows an active link as expired once the clock passes its expires_at', async () => {
    const expiry = START + 60 * DAY; // the donation link expires 60 days after the seed
    world.advance(expiry - 1 - world.sandbox.clock.now());
    const before = await viewOf(await world.request(`/pay/links/${fixtures.links.donation.id}`));
    assert.equal(before.status, 'active');
    world.advance(1);
    const after = await viewOf(await world.request(`/pay/links/${fixtures.links.donation.id}`));
    assert.equal(after.status, 'expired');
    assert.equal(after.expires_at, new Date(START + 60 * DAY).toISOString());
  });
});

describe('payment link expiry on the kit’s own clock', () => {
  it('expires an active link the provider still calls active, from a cached list', async () => {
    const kitClock = createClock({ frozen: true, start: START });
    const world = await startWorld({ kit: { clock: kitClock } });
    try {
      const id = fixtures.links.proMonthly.id;
      assert.equal((await viewOf(await world.request(`/pay/links/${id}`))).status, 'active');
      kitClock.advance(30 * DAY); // the kit's clock only: the emulator still reads the link as 1
      const cached = await viewOf(await world.request(`/pay/links/${id}`));
      assert.equal(cached.status, 'expired');
      const calls = world.calls.filter((c) => c === 'GET /v1/links');
      assert.equal(calls.length, 2, 'the TTL passed on the kit clock, so the list was asked again');
    } finally {
      await world.close();
    }
  });
});

describe('linkStatus', () => {
  const meanings = { 0: 'inactive', 1: 'active', 2: 'expired' } as const;
  it('reads the conventions, expires an active link at its expires_at, refuses unknown integers', () => {
    assert.deepEqual(linkStatus(1, 1000, 999, meanings), { status: 'active', known: true });
    assert.deepEqual(linkStatus(1, 1000, 1000, meanings), { status: 'expired', known: true });
    assert.deepEqual(linkStatus(0, 1000, 5000, meanings), { status: 'inactive', known: true });
    assert.deepEqual(linkStatus(1, null, 5000, meanings), { status: 'active', known: true });
    assert.deepEqual(linkStatus(7, null, 0, meanings), { status: 'inactive', known: false });
    assert.deepEqual(linkStatus(3, null, 0, { ...meanings, 3: 'active' }), { status: 'active', known: true });
  });

  it('turns the number amount into its exact decimal string', () => {
    const link = {
      id: 'l',
      title: 't',
      description: 'd',
      amount: 1.5e21,
      url: 'u',
      status: 1,
      expires_at: 'not a date',
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
    };
    const { view } = buildLinkView(link, 0, meanings);
    assert.equal(view.amount, '1500000000000000000000.00', 'exact, never in exponent form');
    assert.equal(buildLinkView({ ...link, amount: 1234.5 }, 0, meanings).view.amount, '1234.50');
    assert.equal(view.expires_at, null);
    assert.equal(view.created_at, '2025-01-01T00:00:00.000Z');
    assert.equal(view.currency, undefined, 'no currency unless the kit is told one');
    assert.equal(buildLinkView(link, 0, meanings, 'NGN').view.currency, 'NGN', 'the linkCurrency option');
  });
});
