// Every status stream of an instance, a session's and an invoice's alike, admitted against one count:
// capped per client and in all, counted in `pay.streams`, and told to reconnect (elsewhere) when the
// instance drains, including a stream asked for while it drains.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SessionView } from '@pay-elements/protocol';
import { fixtures } from '@pay-elements/sandbox';
import { SseReader } from '@pay-elements/testing/sse';
import { jsonPost, SHOP, startWorld, type World } from '@pay-elements/testing/kit-world';
import { ManualScheduler } from '../testing/scheduler.js';

describe('stream admission', () => {
  let world: World;
  let session: SessionView;

  before(async () => {
    world = await startWorld({
      kit: {
        clientKey: (request) => request.headers.get('x-client') ?? '',
        streams: { scheduler: new ManualScheduler(), maxStreamsPerClient: 2 },
      },
    });
    session = SessionView.parse(
      await (await world.request('/pay/sessions', jsonPost({ order_id: 'order-1' }))).json(),
    );
  });
  after(() => world.close());

  const open = (path: string, client: string) =>
    world.kit.fetch(new Request(`${SHOP}/pay/${path}/events`, { headers: { 'x-client': client } }));
  const invoice = () => `invoices/${world.kit.invoiceToken(fixtures.invoices.websiteRedesign.number)}`;

  it('caps one client’s streams of every kind together, counts them all, and drains them all', async () => {
    const sessionStream = await open(`sessions/${session.id}`, 'a');
    const invoiceStream = await open(invoice(), 'a');
    assert.deepEqual([sessionStream.status, invoiceStream.status], [200, 200]);
    assert.equal(world.kit.streams, 2, 'an invoice stream counts as a session stream does');
    const third = await open(invoice(), 'a');
    assert.equal(third.status, 429, 'the client’s third stream, whatever its kind');
    assert.equal(third.headers.get('retry-after'), '30');
    const otherClient = await open(invoice(), 'b');
    assert.equal(otherClient.status, 200);
    assert.equal(world.kit.streams, 3);

    const readers = [sessionStream, invoiceStream, otherClient].map((r) => new SseReader(r.body!));
    for (const reader of readers) assert.ok(await reader.nextEvent(), 'each stream sent its view');
    world.kit.drain();
    for (const reader of readers) {
      while ((await reader.next()) !== null);
      assert.deepEqual(
        reader.seen.at(-1),
        { type: 'comment', id: null, data: 'reconnect' },
        'told to reconnect, then ended',
      );
    }
    assert.equal(world.kit.streams, 0);

    const late = await open(`sessions/${session.id}`, 'c');
    assert.equal(late.status, 200, 'not refused while draining: EventSource would give up and poll');
    assert.equal(await late.text(), 'retry: 500\n: reconnect\n\n', 'told to reconnect elsewhere at once');
    assert.equal(world.kit.streams, 0);
  });
});
