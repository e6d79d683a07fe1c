// The hosted checkout's no-script "I've sent the money" form on pay-service: the pending page carries
// the form (in the shopper's language), posting it claims the session through the kit (303 back to the
// page), and the page then shows the confirming words in place of the expiry; the merchant API's
// session answer carries claimed_at. The real service, its emulator and kit, over loopback.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from '@pay-elements/sandbox';
import { startTestService, type Started } from '../testing/service.js';

const CLAIM = 'I&#39;ve sent the money';
const CONFIRMING = 'We&#39;re confirming your transfer — this usually takes a few minutes';

describe("the hosted checkout's no-script claim form (pay-service)", () => {
  let s: Started;
  before(async () => {
    s = await startTestService();
  });
  after(() => s.close());

  async function session(orderId: string): Promise<{ id: string; claimed_at: string | null }> {
    const created = await s.api('/api/sessions', {
      body: { order_id: orderId, amount: '5000.00', currency: 'NGN', customer_id: fixtures.customers.ada.id },
    });
    assert.equal(created.status, 201);
    return (await created.json()) as { id: string; claimed_at: string | null };
  }
  const page = async (id: string, language = 'en') => {
    const answer = await fetch(`${s.base}/checkout/${id}`, { headers: { 'accept-language': language } });
    assert.equal(answer.status, 200);
    return answer.text();
  };

  it('claims the session from the form, then shows it confirming in place of the expiry', async () => {
    const { id, claimed_at } = await session('claim-form-1');
    assert.equal(claimed_at, null, 'the API says null until claimed');
    const before = await page(id);
    assert.ok(before.includes(`<form method="post" action="/checkout/${id}/claim">`), 'the form');
    assert.ok(before.includes(CLAIM));
    assert.ok(before.includes('pay-fallback-expiry'));
    assert.ok(!before.includes(CONFIRMING));
    // a page on another site cannot make a shopper's browser claim
    const forged = await fetch(`${s.base}/checkout/${id}/claim`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: '',
    });
    assert.equal(forged.status, 403);
    // what a browser with script off sends: a form post with no fields
    const posted = await fetch(`${s.base}/checkout/${id}/claim`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: '',
    });
    assert.equal(posted.status, 303);
    assert.equal(posted.headers.get('location'), `/checkout/${id}`);
    const after = await page(id);
    assert.ok(after.includes(CONFIRMING), 'the confirming words');
    assert.ok(!after.includes('pay-fallback-expiry'), 'no countdown');
    assert.ok(!after.includes(`/checkout/${id}/claim`), 'no second form');
    const api = (await (await s.api(`/api/sessions/${id}`)).json()) as { claimed_at: string | null };
    assert.match(api.claimed_at ?? '', /^\d{4}-\d{2}-\d{2}T/);
    const unknown = await fetch(`${s.base}/checkout/ses_nope/claim`, { method: 'POST' });
    assert.equal(unknown.status, 404);
  });

  it('says it in the shopper’s language', async () => {
    const { id } = await session('claim-form-2');
    assert.ok((await page(id, 'fr')).includes('J’ai envoyé l’argent'));
    // sent from a page whose language the query chose, it comes back to that language
    const posted = await fetch(`${s.base}/checkout/${id}/claim?lang=fr`, {
      method: 'POST',
      redirect: 'manual',
    });
    assert.equal(posted.status, 303);
    assert.equal(posted.headers.get('location'), `/checkout/${id}?lang=fr`);
    assert.ok((await page(id, 'sw')).includes('Tunathibitisha uhamisho wako'));
  });
});
