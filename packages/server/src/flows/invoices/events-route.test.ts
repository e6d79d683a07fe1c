// GET /pay/invoices/{token}/events against the real emulator: the view first, the paid view as soon
// as the provider's invoice.paid webhook lands, then the end; with webhooks off, the kit's own check
// at its interval brings it (the fallback); an unknown invoice is a 404. Stream timers are a manual
// scheduler.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InvoiceViewModel } from '@pay-elements/protocol';
import { ManualScheduler } from '../../testing/scheduler.js';
import { SseReader, type SseEvent } from '@pay-elements/testing/sse';
import { startWorld, type World } from '@pay-elements/testing/kit-world';

function invoiceOf(event: SseEvent | null): InvoiceViewModel {
  assert.ok(event, 'an event came');
  assert.equal(event.type, 'invoice');
  return InvoiceViewModel.parse(JSON.parse(event.data));
}

async function newInvoice(world: World): Promise<string> {
  const created = await world.client.invoices.create({
    email: 'buyer@example.com',
    note: '',
    items: [{ name: 'Widget', unit_price: 100, quantity: 1, currency: 'NGN', total: 100 }],
    charges: {},
    payment_schedule: { type: 'one_time', due_date: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  });
  return created.invoice_number;
}

for (const webhooks of [true, false]) {
  describe(`invoice status stream (webhooks ${webhooks ? 'on' : 'off'})`, () => {
    let world: World;
    const scheduler = new ManualScheduler();
    before(async () => {
      world = await startWorld({ webhooks, kit: { streams: { scheduler } } });
    });
    after(async () => {
      await world.close();
      assert.deepEqual(world.leaks(), []);
    });

    it(`sends the view, then "paid" ${webhooks ? 'as soon as the webhook lands' : "at the kit's next check"}, then ends`, async () => {
      const number = await newInvoice(world);
      // the kit's own answer (world.request would read the endless body)
      const response = await world.kit.fetch(
        new Request(`http://kit.test/pay/invoices/${world.kit.invoiceToken(number)}/events`),
      );
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
      assert.ok(response.body);
      const stream = new SseReader(response.body);
      const first = await stream.nextEvent();
      assert.equal(invoiceOf(first).status, 'pending');
      const poll = await world.request(`/pay/invoices/${world.kit.invoiceToken(number)}`);
      assert.equal(`"${first?.id}"`, poll.headers.get('etag'), 'the event id is the view version');

      await world.control(`/invoices/${encodeURIComponent(number)}/pay`);
      if (webhooks) await world.sandbox.flushWebhooks();
      else {
        // the check after the view kept a moment (invoiceCacheMs) has aged, as real time moves both
        world.advance(60_000);
        scheduler.advance(60_000);
      }
      assert.equal(invoiceOf(await stream.nextEvent()).status, 'paid');
      assert.equal(await stream.next(), null, 'the stream ends once paid');
    });

    it('answers 404 for an unknown invoice, so EventSource stops', async () => {
      const response = await world.kit.fetch(
        new Request(`http://kit.test/pay/invoices/${world.kit.invoiceToken('INV-NOPE')}/events`),
      );
      assert.equal(response.status, 404);
    });
  });
}
