// A status stream's answer as the browser reads it: the `retry:` hint first, then what its feed
// writes, heartbeats as comments, the end; the feed let go once however the stream ended (its own
// end, the client gone, the body cancelled); HEAD and a draining instance take no place; the places
// counted per client and given back.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Logger } from '../log.js';
import { StreamAdmission } from './admission.js';
import {
  eventFrame,
  eventStream,
  openEventStream,
  retryHint,
  streamSink,
  type EventStreamWriter,
} from './event-stream.js';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const url = 'https://shop.example/pay/sessions/ses_1/events';

/** Everything the body says until it ends. */
const text = (response: Response) => response.text();

/** A feed that hands its writer out, and counts how often it is let go. */
function feedOf() {
  const state = { writer: null as EventStreamWriter | null, released: 0 };
  const feed = (writer: EventStreamWriter) => {
    state.writer = writer;
    return () => void state.released++;
  };
  return { state, feed };
}

describe('eventStream', () => {
  it('sends the retry hint, then each event and heartbeat as written, until the feed ends it', async () => {
    const { state, feed } = feedOf();
    const response = eventStream(new Request(url), retryHint(2000), feed);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    state.writer!.write(eventFrame('session', 'v1', '{"status":"pending"}'));
    state.writer!.heartbeat();
    state.writer!.end();
    state.writer!.write(eventFrame('session', 'v2', '{"status":"paid"}'));
    assert.equal(
      await text(response),
      'retry: 2000\n\nid: v1\nevent: session\ndata: {"status":"pending"}\n\n: keep-alive\n\n',
    );
    assert.equal(state.released, 1);
  });

  it('lets go of the feed once when the client goes away', async () => {
    const { state, feed } = feedOf();
    const abort = new AbortController();
    const response = eventStream(new Request(url, { signal: abort.signal }), retryHint(2000), feed);
    abort.abort();
    assert.equal(state.released, 1);
    // what the feed writes after is dropped, not an error on a closed stream
    state.writer!.write(eventFrame('session', 'v1', '{}'));
    assert.equal(await text(response), 'retry: 2000\n\n');
  });

  it('lets go of the feed when the body is cancelled, and writes nothing after', async () => {
    const { state, feed } = feedOf();
    const response = eventStream(new Request(url), retryHint(2000), feed);
    await response.body!.cancel();
    assert.equal(state.released, 1);
    state.writer!.write(eventFrame('session', 'v1', '{}'));
  });
});

describe('streamSink', () => {
  it('holds the Last-Event-ID, and on a drain tells the client to reconnect soon, then ends', async () => {
    const { state, feed } = feedOf();
    const response = eventStream(new Request(url), retryHint(2000), feed);
    const sink = streamSink(state.writer!, 'v7');
    assert.equal(sink.version, 'v7');
    sink.reconnect();
    const said = await text(response);
    assert.match(said, /^retry: 2000\n\nretry: \d+\n: reconnect\n\n$/);
    assert.equal(state.released, 1);
  });
});

describe('openEventStream', () => {
  const open = (admission: StreamAdmission, method = 'GET', client = 'a') => {
    const { state, feed } = feedOf();
    const response = openEventStream({
      request: new Request(url, { method }),
      log: quiet,
      admission,
      clientKey: client,
      retry: retryHint(2000),
      feed,
    });
    return { response, state };
  };

  it('counts an open stream against its client and gives the place back once it ends', async () => {
    const admission = new StreamAdmission(10, 1);
    const first = open(admission);
    assert.equal(admission.size, 1);
    assert.throws(
      () => open(admission),
      (error: unknown) => (error as { status?: number }).status === 429,
    );
    assert.equal(open(admission, 'GET', 'b').response.status, 200);
    first.state.writer!.end();
    await text(first.response);
    assert.equal(first.state.released, 1);
    assert.equal(admission.size, 1);
    assert.equal(open(admission).response.status, 200);
  });

  it('answers HEAD with the headers alone and takes no place', async () => {
    const admission = new StreamAdmission(10, 1);
    const { response, state } = open(admission, 'HEAD');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(await text(response), '');
    assert.equal(admission.size, 0);
    assert.equal(state.writer, null);
  });

  it('tells a client of a draining instance to reconnect (elsewhere) rather than refusing it', async () => {
    const admission = new StreamAdmission(10, 1);
    admission.close();
    const { response, state } = open(admission);
    assert.equal(response.status, 200);
    assert.match(await text(response), /^retry: \d+\n: reconnect\n\n$/);
    assert.equal(state.writer, null);
    assert.equal(admission.size, 0);
  });
});
