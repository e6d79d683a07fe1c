// "Paid" pushed to the page, end to end through server-example with the emulator's webhooks on: the
// hosted checkout and the locked-down one (CSP connect-src 'self') open the kit's status stream, the
// page's polls are refused after the first load (so polling cannot be what brings the news), and the
// paid state still arrives within a few hundred milliseconds of the transfer.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createSession, cspViolations, startHarness, type Harness } from './harness.js';

const heading = (page: Page) => page.locator('pay-dynamic-account').getByRole('heading', { level: 2 });

describe('status pushed to the checkout page', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  // the hosted checkout carries the session in its HTML (issue 24): no first load at all
  for (const [name, path, order, amount, firstLoads] of [
    ['hosted checkout', '/checkout/', 'demo-1', 5000, 0],
    ['locked-down checkout', '/locked-down/checkout/', 'demo-2', 18500.5, 1],
  ] as const) {
    it(`${name}: shows "paid" from the stream with polling refused`, async () => {
      const session = await createSession(h.url, order);
      const { page, context } = await h.newPage();
      let polls = 0;
      // every poll after the first load fails: only the stream can bring "paid"
      await page.route(
        (url) => url.pathname === `/pay/sessions/${session.id}`,
        (route) => (++polls === 1 ? route.continue() : route.abort()),
      );
      const stream = page.waitForResponse((r) => r.url().endsWith(`/pay/sessions/${session.id}/events`));
      await page.goto(`${h.url}${path}${session.id}`);
      await heading(page).filter({ hasText: 'Pay by bank transfer' }).waitFor();
      const answer = await stream;
      assert.equal(answer.status(), 200);
      const headers = await answer.allHeaders();
      assert.equal(headers['content-type'], 'text/event-stream; charset=utf-8');
      assert.equal(headers['cache-control'], 'no-store');
      assert.equal(headers['x-accel-buffering'], 'no');
      assert.equal(headers['content-length'], undefined);

      const sent = performance.now();
      await h.control.transfer({ account_number: session.account.account_number, amount });
      await heading(page).filter({ hasText: 'Payment received' }).waitFor({ timeout: 5000 });
      const took = performance.now() - sent;
      console.log(`${name}: paid shown ${Math.round(took)} ms after the transfer`);
      assert.ok(took < 1500, `paid shown ${Math.round(took)} ms after the transfer`);
      assert.equal(polls, firstLoads, 'no poll after the first load');
      assert.deepEqual(await cspViolations(page), []);
      await context.close();
    });
  }
});
