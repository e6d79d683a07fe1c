// The control API against a page of another origin (issue #27, item 4): a page could reset the
// emulator, take the provider "down" and pay an invoice with `?api-key=` on a no-cors fetch or a form
// POST. The key is now taken from a header only, browser requests from other origins are refused,
// and a state-changing call must carry JSON or nothing; curl-like callers and the dashboard still work.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Customer, InvoiceView, Wallet } from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import { KEY, boot, expectFailure, expectOk, type Harness } from '../conformance/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-sandbox-control-'));
const dataFile = join(dir, 'state.json');
/** The state file and its journal (where the emulator writes each change), as they are now. */
const onDisk = () => readFileSync(dataFile, 'utf8') + readFileSync(`${dataFile}.journal`, 'utf8');
const EVIL = 'https://evil.example';
const invoice = fixtures.invoices.websiteRedesign.number;

/** What Chromium sends for `fetch(url, {method: 'POST', mode: 'no-cors', body: 'x'})` from EVIL. */
const noCors = {
  origin: EVIL,
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'no-cors',
  'content-type': 'text/plain;charset=UTF-8',
};
/** What it sends for a top-level `<form method=post>` submitted from EVIL. */
const formPost = {
  origin: EVIL,
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'content-type': 'application/x-www-form-urlencoded',
};

describe('control API against pages of other origins', () => {
  let h: Harness;
  let customer: Customer;
  before(async () => {
    h = await boot({ dataFile });
  });
  beforeEach(async () => {
    await h.control.reset();
    customer = await h.control.createCustomer({
      email: 'kept@example.com',
      first_name: 'Kept',
      last_name: 'Safe',
      country_code: 'NGA',
    });
  });
  after(async () => {
    await h.sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The customer is still there, the provider up, the invoice unpaid, the file as it was. */
  async function untouched(file: string) {
    expectOk(await h.call(`/v1/customers/${customer.id}`), Customer);
    expectOk(await h.call('/v1/wallets'), Wallet.array());
    const view = expectOk(await h.call(`/v1/invoices/view/${invoice}`), InvoiceView);
    assert.equal(view.status, 'pending');
    assert.equal(onDisk(), file);
  }

  it('refuses the key in the query string: reset, outage and pay with ?api-key= answer 401', async () => {
    const file = onDisk();
    for (const path of [
      '/_sandbox/reset',
      '/_sandbox/scenarios/provider_outage',
      `/_sandbox/invoices/${invoice}/pay`,
    ])
      expectFailure(
        await h.call(`${path}?api-key=${KEY}`, { method: 'POST', key: null }),
        401,
        'unauthorized access',
      );
    expectFailure(
      await h.call(`/_sandbox/webhooks?api-key=${KEY}`, { key: null }),
      401,
      'unauthorized access',
    );
    await untouched(file);
  });

  it('refuses a no-cors fetch and a form POST from another origin with 403, key or no key', async () => {
    const file = onDisk();
    for (const headers of [noCors, formPost])
      for (const path of [
        '/_sandbox/reset',
        '/_sandbox/scenarios/provider_outage',
        `/_sandbox/invoices/${invoice}/pay`,
      ]) {
        for (const key of [null, KEY]) {
          const answer = await h.call(`${path}?api-key=${KEY}`, {
            method: 'POST',
            key,
            headers,
            body: 'x=1',
          });
          expectFailure(answer, 403, 'the control API refuses browser requests from other origins');
        }
      }
    await untouched(file);
  });

  it('refuses any foreign Origin, and Sec-Fetch-Site cross-site or same-site, even with JSON', async () => {
    const file = onDisk();
    const refused: Record<string, string>[] = [
      { origin: EVIL },
      { origin: 'null' },
      { origin: h.sandbox.url.replace('127.0.0.1', 'localhost') },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of refused)
      expectFailure(
        await h.call('/_sandbox/scenarios/provider_outage', { method: 'POST', headers, body: {} }),
        403,
        'the control API refuses browser requests from other origins',
      );
    await untouched(file);
  });

  it('refuses a state-changing call whose body or content type is not JSON with 415', async () => {
    const file = onDisk();
    expectFailure(
      await h.call('/_sandbox/reset', { method: 'POST', headers: { 'content-type': 'text/plain' } }),
      415,
      'content type must be application/json',
    );
    expectFailure(
      await h.call(`/_sandbox/invoices/${invoice}/pay`, {
        method: 'POST',
        body: 'a=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'content type must be application/json',
    );
    const raw = await fetch(`${h.sandbox.url}/_sandbox/reset`, {
      method: 'POST',
      headers: { 'x-api-key': KEY },
      body: new Uint8Array([123, 125]),
    });
    assert.equal(raw.status, 415, 'a body with no content type is not JSON');
    await untouched(file);
  });

  it('still serves callers with no Origin (curl, the kit) and the dashboard (same origin)', async () => {
    const outage = await h.call('/_sandbox/scenarios/provider_outage', { method: 'POST', body: {} });
    assert.equal(outage.status, 200, outage.text);
    expectFailure(await h.call('/v1/wallets'), 503, 'service unavailable');
    const sameOrigin = { origin: h.sandbox.url, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };
    const reset = await h.call('/_sandbox/reset', { method: 'POST', headers: sameOrigin });
    assert.equal(reset.status, 200, reset.text);
    expectOk(await h.call('/v1/wallets'), Wallet.array());
    const paid = expectOk(
      await h.call(`/_sandbox/invoices/${invoice}/pay`, { method: 'POST', headers: sameOrigin }),
      InvoiceView,
    );
    assert.equal(paid.status, 'paid');
    // reads are not refused for their Origin: they change nothing and need the header key
    assert.equal((await h.call('/_sandbox/clock', { headers: { origin: EVIL } })).status, 200);
  });

  it('keeps ?api-key= on /v1, as the spec allows', async () => {
    expectOk(await h.call(`/v1/wallets?api-key=${KEY}`, { key: null }), Wallet.array());
  });
});
