// Property: whatever one field of a saved state file is changed to (any JSON value, or a number at the
// edges), the emulator either refuses to start with a StateFileError naming the file, or starts and
// answers every route it serves without a 5xx and without sending a webhook anywhere but the URL
// configured now. Bounded runs, in process, a frozen clock.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createClock, createSandbox, DEFAULT_API_KEY, fixtures } from '@pay-elements/sandbox';

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
