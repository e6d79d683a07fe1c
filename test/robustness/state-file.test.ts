// Property: whatever one field of a saved state file, or of a line of its journal, is changed to (any
// JSON value, or a number at the edges), the emulator either refuses to start with a StateFileError
// naming the file, or starts and answers every route it serves without a 5xx and without sending a
// webhook anywhere but the URL configured now. Bounded runs, in process, a frozen clock.
// And by doing it: `pay-sandbox --data FILE` killed -9 in the middle of a burst of POSTs starts again
// on the file with every answered change, and a state that adds up.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  Customer,
  PermanentVirtualAccount,
  Transaction,
  VirtualAccountCreation,
  Wallet,
  envelope,
  page,
} from '@pay-elements/api';
import { createClock, createSandbox, DEFAULT_API_KEY, fixtures, SandboxControl } from '@pay-elements/sandbox';
import { baseEnv, killLaunched, launch, sandboxBin } from '../support/processes.js';

const START = Date.UTC(2025, 0, 15, 10);
const WEBHOOK_URL = 'http://127.0.0.1:9/configured';
const invoice = fixtures.invoices.websiteRedesign.number;

/** Every path in a JSON value, to objects and leaves alike. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = at.length ? [at] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (typeof value === 'object' && value !== null)
    return [...here, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return here;
}

function replaced(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy: unknown = structuredClone(root);
  let node: unknown = copy;
  for (const key of path.slice(0, -1)) node = Reflect.get(Object(node), key);
  Reflect.set(Object(node), path.at(-1) ?? '', value);
  return copy;
}

const edge = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(1e300, -1e300, 1e21, -1, 0, 1_000_000, 2 ** 53, 0.5, '', 'x', null, [], {}),
  fc.constantFrom({ $bigint: '12x' }, { $bigint: 5 }, { $map: 7 }, { $set: [1] }, { $map: [[1, 2]] }),
);

describe('emulator on a hostile state file (fast-check)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-sandbox-fuzz-'));
  const realFetch = globalThis.fetch;
  const sentTo: string[] = [];
  let snapshot: unknown;
  let all: (string | number)[][];

  before(async () => {
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith('http://sandbox/')) {
        sentTo.push(url);
        return new Response(null, { status: 500 });
      }
      return realFetch(input, init);
    };
    const file = join(dir, 'base.json');
    const sandbox = createSandbox({
      dataFile: file,
      clock: createClock({ frozen: true, start: START }),
      webhookUrl: 'http://127.0.0.1:9/from-the-file',
    });
    const paid = await sandbox.handle(
      new Request(`http://sandbox/_sandbox/invoices/${invoice}/pay`, {
        method: 'POST',
        headers: { 'x-api-key': DEFAULT_API_KEY },
      }),
    );
    assert.equal(paid.status, 200);
    await sandbox.flushWebhooks();
    sandbox.close();
    snapshot = JSON.parse(readFileSync(file, 'utf8'));
    all = paths(snapshot);
    sentTo.length = 0;
  });
  after(() => {
    globalThis.fetch = realFetch;
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the file naming it, or serves every route without a 5xx', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(), edge, async (pick, value) => {
        const path = all[pick % all.length] ?? [];
        const file = join(dir, `run-${(run += 1)}.json`);
        writeFileSync(file, JSON.stringify(replaced(snapshot, path, value)));
        let sandbox;
        try {
          sandbox = createSandbox({
            dataFile: file,
            clock: createClock({ frozen: true, start: START }),
            webhookUrl: WEBHOOK_URL,
          });
        } catch (error) {
          assert.ok(error instanceof Error && error.name === 'StateFileError', String(error));
          assert.ok(error.message.includes(file));
          return;
        }
        try {
          const call = async (method: string, route: string, body?: unknown) => {
            const response = await sandbox.handle(
              new Request(`http://sandbox${route}`, {
                method,
                headers: { 'x-api-key': DEFAULT_API_KEY, 'content-type': 'application/json' },
                ...(body === undefined ? {} : { body: JSON.stringify(body) }),
              }),
            );
            assert.ok(
              response.status < 500,
              `${path.join('.')} = ${JSON.stringify(value)}: ${method} ${route} → ${response.status}`,
            );
          };
          for (const route of [
            '/v1/wallets',
            '/v1/customers',
            '/v1/invoices',
            '/v1/transactions',
            '/v1/links',
            '/v1/virtual-accounts',
          ])
            await call('GET', route);
          for (const route of ['/_sandbox/webhooks', '/_sandbox/accounts', '/_sandbox/clock'])
            await call('GET', route);
          await call('GET', `/v1/invoices/view/${invoice}`);
          await call('POST', `/_sandbox/invoices/${fixtures.invoices.riceOrder.number}/pay`);
          await call('POST', '/_sandbox/clock', { advance_minutes: 60 });
          await sandbox.flushWebhooks();
          assert.deepEqual(
            sentTo.filter((url) => url !== WEBHOOK_URL),
            [],
            'webhooks go to the configured URL only',
          );
        } finally {
          sandbox.close();
          sentTo.length = 0;
          rmSync(file, { force: true });
        }
      }),
      { numRuns: 200, seed: 20261124 },
    );
  });
});

describe('emulator on a hostile journal (fast-check)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-sandbox-journal-fuzz-'));
  let snapshot: string;
  let journal: unknown[];
  let all: (string | number)[][];

  before(async () => {
    // a crash image: the file and its journal copied while the emulator runs
    const file = join(dir, 'base.json');
    const sandbox = createSandbox({
      dataFile: file,
      clock: createClock({ frozen: true, start: START }),
      webhookUrl: 'http://127.0.0.1:9/from-the-file',
    });
    const call = (path: string, body: unknown) =>
      sandbox.handle(
        new Request(`http://sandbox${path}`, {
          method: 'POST',
          headers: { 'x-api-key': DEFAULT_API_KEY, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    await call(`/_sandbox/invoices/${invoice}/pay`, {});
    await call('/_sandbox/transfers', {
      account_number: fixtures.virtualAccounts.emilyUsd.account_number,
      amount: 9,
    });
    await call('/v1/virtual-accounts/create', { customer_id: fixtures.customers.kwame.id, currency: 'GHS' });
    await call('/_sandbox/cards', { customer_id: fixtures.customers.kwame.id, currency: 'GHS', balance: 5 });
    await sandbox.flushWebhooks();
    snapshot = readFileSync(file, 'utf8');
    journal = readFileSync(`${file}.journal`, 'utf8')
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line) as unknown);
    sandbox.close();
    all = paths(journal);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses the journal naming it, or serves every route without a 5xx', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(), edge, async (pick, value) => {
        const path = all[pick % all.length] ?? [];
        const file = join(dir, `run-${(run += 1)}.json`);
        writeFileSync(file, snapshot);
        const lines = replaced(journal, path, value) as unknown[];
        writeFileSync(`${file}.journal`, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
        let sandbox;
        try {
          sandbox = createSandbox({
            dataFile: file,
            clock: createClock({ frozen: true, start: START }),
            webhookUrl: WEBHOOK_URL,
          });
        } catch (error) {
          assert.ok(error instanceof Error && error.name === 'StateFileError', String(error));
          assert.ok(error.message.includes(`${file}.journal`), error.message);
          return;
        }
        try {
          for (const route of [
            '/v1/wallets',
            '/v1/customers',
            '/v1/transactions',
            '/v1/invoices',
            '/v1/virtual-accounts',
            '/_sandbox/webhooks',
            '/_sandbox/accounts',
          ]) {
            const response = await sandbox.handle(
              new Request(`http://sandbox${route}`, { headers: { 'x-api-key': DEFAULT_API_KEY } }),
            );
            assert.ok(
              response.status < 500,
              `${path.join('.')} = ${JSON.stringify(value)}: ${route} → ${response.status}`,
            );
          }
        } finally {
          sandbox.close();
          rmSync(file, { force: true });
        }
      }),
      { numRuns: 150, seed: 20261126 },
    );
  });
});

describe('pay-sandbox --data FILE killed -9 in the middle of a burst of POSTs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-sandbox-kill-'));
  after(async () => {
    await killLaunched();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (file: string) => {
    const running = await launch(
      [sandboxBin, '--port', '0', '--data', file],
      baseEnv(),
      /listening on http:\/\/127\.0\.0\.1:\d+[\s\S]*webhooks/,
    );
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(running.output())?.[1] ?? '';
    return { running, url };
  };
  const get = async (url: string, path: string) => {
    const response = await fetch(`${url}${path}`, { headers: { 'x-api-key': DEFAULT_API_KEY } });
    return (await response.json()) as unknown;
  };
  const cents = (amount: string) => BigInt(amount.replace('.', ''));
  const usdAccount = fixtures.virtualAccounts.emilyUsd.account_number;
  const chinedu = fixtures.customers.chinedu.id;

  for (const killAfter of [20, 80, 150])
    it(`starts again with every answered change and a state that adds up (killed after ${killAfter} answers)`, async () => {
      const file = join(dir, `burst-${killAfter}.json`);
      const first = await start(file);
      const control = new SandboxControl(first.url, DEFAULT_API_KEY);
      const customers: string[] = [];
      const credits: string[] = [];
      const accounts: string[] = [];
      let answered = 0;
      const answer = () => {
        answered += 1;
        if (answered === killAfter) first.running.child.kill('SIGKILL');
      };
      const burst = Array.from({ length: 240 }, async (_, i) => {
        if (i % 3 === 0) {
          const made = await control.createCustomer({
            email: `burst${i}@example.com`,
            first_name: 'Burst',
            last_name: `N${i}`,
            country_code: 'KEN',
          });
          customers.push(made.id);
        } else if (i % 3 === 1) {
          const credit = await control.transfer({ account_number: usdAccount, amount: i + 0.25 });
          credits.push(credit.id);
        } else {
          const response = await fetch(`${first.url}/v1/virtual-accounts/create`, {
            method: 'POST',
            headers: { 'x-api-key': DEFAULT_API_KEY, 'content-type': 'application/json' },
            body: JSON.stringify({ customer_id: chinedu, currency: 'NGN', id_number: '22212345678' }),
          });
          const created = envelope(VirtualAccountCreation).parse(await response.json()).data;
          accounts.push(...created.accounts.map((a) => a.account_number));
        }
        answer();
      });
      await Promise.allSettled(burst);
      await first.running.exited;
      assert.ok(answered >= killAfter && answered < 240, `killed in the middle (${answered} answered)`);

      const second = await start(file);
      try {
        const transactions = [];
        for (let p = 0; ; p += 1) {
          const found = envelope(page(Transaction)).parse(
            await get(second.url, `/v1/transactions?size=100&page=${p}`),
          ).data;
          transactions.push(...found.items);
          if (found.last) break;
        }
        const ids = new Set(transactions.map((t) => t.id));
        for (const id of credits) assert.ok(ids.has(id), `the answered credit ${id} is back`);
        // the wallet and its credits were written together: the balance is the seed's plus them all
        const kept = transactions.filter((t) => t.payment_transfer.account_number === usdAccount);
        const usd = envelope(Wallet.array())
          .parse(await get(second.url, '/v1/wallets'))
          .data.find((w) => w.id === fixtures.wallets.USD.id);
        assert.equal(
          cents(usd?.balance ?? '0'),
          cents(fixtures.wallets.USD.balance) + kept.reduce((sum, t) => sum + cents(t.amount), 0n),
          'the USD balance adds up to its credits',
        );
        for (const id of customers) envelope(Customer).parse(await get(second.url, `/v1/customers/${id}`));
        const listed = envelope(PermanentVirtualAccount.array()).parse(
          await get(second.url, `/v1/virtual-accounts?customer_id=${chinedu}&currency=NGN`),
        ).data;
        const numbers = new Set(listed.map((a) => a.account_number));
        for (const number of accounts)
          assert.ok(numbers.has(number), `the answered account ${number} is back`);
        assert.deepEqual(
          listed.map((a) => a.default),
          listed.map((_, i) => i === 0),
          'one default, the first',
        );
        // and the file goes on: the next change is kept across a clean stop
        const later = await new SandboxControl(second.url, DEFAULT_API_KEY).createCustomer({
          email: `after${killAfter}@example.com`,
          first_name: 'After',
          last_name: 'Kill',
          country_code: 'ZAF',
        });
        second.running.child.kill('SIGTERM');
        await second.running.exited;
        const third = await start(file);
        envelope(Customer).parse(await get(third.url, `/v1/customers/${later.id}`));
        await third.running.kill();
      } finally {
        await second.running.kill();
      }
    });
});
