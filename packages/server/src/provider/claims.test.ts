// Claims with a lease on a real SQLite file: one caller of many claims the work, a claim left
// unrenewed past its lease is taken over, a finished record answers its result, a failed holder lets
// a retry claim at once, and a caller who waits too long is told 503 with Retry-After.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpError } from '../errors.js';
import type { Json } from '../store/contract.js';
import { SqliteStore } from '../store/sqlite.js';
import { claimNow, claimWork, holdingLease, newClaimToken, releaseWork, waitForClaim } from './claims.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-claims-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const LEASE_MS = 30_000;
const place = { collection: 'sessions', key: 'order-1' };
/** a record is finished once it holds an account number */
const accountOf = (value: Json): string | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value['account'] === 'string'
    ? value['account']
    : null;
const unfinished = (value: Json) => accountOf(value) === null;

function setup() {
  const store = new SqliteStore(join(dir, `claims-${++files}.db`));
  after(() => store.close());
  let now = Date.parse('2026-11-21T10:00:00.000Z');
  const clock = { now: () => now };
  const claim = (token: string) =>
    claimWork(store.records, place, claimNow(clock, token, LEASE_MS), accountOf);
  return { store, clock, claim, advance: (ms: number) => (now += ms) };
}

describe('claims', () => {
  it('gives the work to one of several callers at once; the others find it busy', async () => {
    const t = setup();
    const tokens = Array.from({ length: 5 }, () => newClaimToken());
    assert.equal(new Set(tokens).size, 5);
    const outcomes = await Promise.all(tokens.map((token) => t.claim(token)));
    assert.deepEqual(outcomes.map((o) => o.outcome).sort(), ['busy', 'busy', 'busy', 'busy', 'claimed']);
  });

  it('lets the holder renew its own claim, and another take it over only once its lease ran out', async () => {
    const t = setup();
    assert.equal((await t.claim('holder')).outcome, 'claimed');
    t.advance(LEASE_MS - 1);
    assert.equal((await t.claim('other')).outcome, 'busy');
    assert.equal((await t.claim('holder')).outcome, 'claimed');
    t.advance(LEASE_MS - 1);
    assert.equal((await t.claim('other')).outcome, 'busy', 'the renewal counted from its own time');
    t.advance(2);
    assert.equal((await t.claim('other')).outcome, 'claimed');
    assert.equal((await t.claim('holder')).outcome, 'busy');
  });

  it("answers a finished record's result to anyone, claim or not", async () => {
    const t = setup();
    assert.equal((await t.claim('holder')).outcome, 'claimed');
    const held = await t.store.records.get(place.collection, place.key);
    await t.store.records.commit({
      writes: [{ ...place, value: { account: '9900112233' }, expect: held!.version }],
    });
    assert.deepEqual(await t.claim('other'), { outcome: 'done', value: '9900112233' });
  });

  it("keeps the record's other fields while it is claimed", async () => {
    const t = setup();
    const outcome = await claimWork(
      t.store.records,
      place,
      claimNow(t.clock, 'holder', LEASE_MS),
      accountOf,
      { order_id: 'order-1' },
    );
    assert.equal(outcome.outcome, 'claimed');
    const held = await t.store.records.get(place.collection, place.key);
    assert.deepEqual(held?.value, { order_id: 'order-1', claim: { token: 'holder', at: t.clock.now() } });
  });

  it('lets a retry claim at once after the holder released it; no one else can release it', async () => {
    const t = setup();
    assert.equal((await t.claim('holder')).outcome, 'claimed');
    await releaseWork(t.store.records, place, 'other', unfinished);
    assert.equal((await t.claim('retry')).outcome, 'busy');
    await releaseWork(t.store.records, place, 'holder', unfinished);
    assert.equal((await t.claim('retry')).outcome, 'claimed');
  });

  it('leaves a finished record as it is when its holder releases it', async () => {
    const t = setup();
    await t.claim('holder');
    const held = await t.store.records.get(place.collection, place.key);
    await t.store.records.commit({
      writes: [
        {
          ...place,
          value: { account: '9900112233', claim: { token: 'holder', at: 0 } },
          expect: held!.version,
        },
      ],
    });
    await releaseWork(t.store.records, place, 'holder', unfinished);
    assert.deepEqual(await t.claim('other'), { outcome: 'done', value: '9900112233' });
  });

  it('tells a caller waiting past its time bound 503 with Retry-After', async () => {
    const error = await waitForClaim(Date.now() - 5001, 3, 5000, 'The account is still being opened.').then(
      () => assert.fail('expected a refusal'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof HttpError);
    assert.equal(error.status, 503);
    assert.equal(error.code, 'upstream_unavailable');
    assert.equal(error.message, 'The account is still being opened.');
    assert.deepEqual(error.headers, { 'retry-after': '1' });
  });

  it("renews the holder's lease while its work runs, and answers the work's result", async () => {
    let renewals = 0;
    let renewed = (): void => undefined;
    const firstRenewal = new Promise<void>((resolve) => (renewed = resolve));
    // the lease's timer is unref'd (it never holds a process open): this test's wait must
    const keepAlive = setTimeout(() => undefined, 10_000);
    const result = await holdingLease(
      () => {
        renewals++;
        renewed();
        return Promise.resolve();
      },
      10,
      async () => {
        await firstRenewal;
        return 'account opened';
      },
    );
    clearTimeout(keepAlive);
    assert.equal(result, 'account opened');
    assert.ok(renewals >= 1);
  });
});
