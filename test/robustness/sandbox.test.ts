// Property: whatever method, path, query, headers and body a client sends to any emulator route, the
// emulator answers within a second, never with a 5xx, and always with a body its documented shapes
// describe (the envelope, the validation body, or CSV for an export). Bounded runs, loopback only.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as z from 'zod';
import { envelope, ValidationBody } from '@pay-elements/api';
import { createClock, startSandbox, type Sandbox, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { body, contentType, headers, methods, query, segment } from './arbitraries.js';

const templates = [
  '/v1/banks/{}',
  '/v1/banks/suggest',
  '/v1/payments/send',
  '/v1/invoices',
  '/v1/invoices/view/{}',
  '/v1/virtual-accounts/create',
  '/v1/virtual-accounts/dynamic',
  '/v1/virtual-accounts',
  '/v1/customers',
  '/v1/customers/{}',
  '/v1/wallets',
  '/v1/transactions',
  '/v1/links',
  '/v1/cards/{}/withdraw',
  '/v1/cards/{}/reveal',
  '/v1/cards/{}/freeze',
  '/v1/cards/{}/unfreeze',
  '/v1/cards/{}/events',
  '/_sandbox/customers',
  '/_sandbox/cards',
  '/_sandbox/transfers',
  '/_sandbox/invoices/{}/pay',
  '/_sandbox/clock',
  '/{}',
  '/v1/{}/{}',
];

/** The envelope with any data: success or failure. */
const Envelope = envelope(z.unknown());

describe('emulator under hostile input (fast-check)', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ port: 0, clock: createClock({ frozen: true }) });
  });
  after(async () => {
    await sandbox?.close();
  });

  it('answers every request within a second, never 5xx, always a documented body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...templates),
        fc.array(segment, { minLength: 2, maxLength: 2 }),
        methods,
        query,
        headers,
        contentType,
        body,
        async (template, segments, method, search, extra, type, payload) => {
          const path = template.replace('{}', segments[0] ?? '').replace('{}', segments[1] ?? '');
          const init: RequestInit = {
            method,
            headers: { ...extra, ...(type ? { 'content-type': type } : {}) },
            signal: AbortSignal.timeout(1_000),
          };
          if (method !== 'GET' && method !== 'HEAD') init.body = payload;
          const response = await fetch(`${sandbox.url}${path}${search}`, init);
          const text = await response.text();
          assert.ok(
            response.status < 500,
            `${method} ${path}${search} answered ${response.status}: ${text.slice(0, 200)}`,
          );
          if (method === 'HEAD' || response.status === 204) return;
          if ((response.headers.get('content-type') ?? '').startsWith('text/csv')) return;
          const json: unknown = JSON.parse(text);
          const documented = Envelope.safeParse(json).success || ValidationBody.safeParse(json).success;
          assert.ok(
            documented,
            `${method} ${path}${search} answered an undocumented body: ${text.slice(0, 200)}`,
          );
        },
      ),
      { numRuns: 600, seed: 20261121 },
    );
  });

  it('is still whole after the storm: the seed wallets answer and nothing was polluted', async () => {
    const response = await fetch(`${sandbox.url}/v1/wallets`, {
      headers: { 'x-api-key': DEFAULT_API_KEY },
    });
    assert.equal(response.status, 200);
    const { data } = (await response.json()) as { data: unknown[] };
    assert.ok(data.length >= 4);
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });
});
