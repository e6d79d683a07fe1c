// A client still sending a body the server refuses reads the refusal (issue 40, finding 13): its 413
// with the protocol's error body, not EPIPE or a reset. Server-example as a process of its own (so
// that the client's reads and the server's closing race as they do between two machines), with
// node:http as the client, writing as a real client does: the whole body it means to send, as fast
// as the connection takes it or paced, with a declared length or chunked. The server answers 413 as
// soon as it knows, then reads and drops the rest (up to its bound) before it closes, so the client
// finishes writing and reads the answer. The demo's reset refuses a large body with a 413 too.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { setTimeout as pause } from 'node:timers/promises';
import { ErrorBody } from '@pay-elements/protocol';
import { baseEnv, freePort, killLaunched, launch, type Running } from '../support/processes.js';

const MiB = 1024 * 1024;
const ROUNDS = 3;

interface Outcome {
  status?: number;
  body?: string;
  /** the client's error (EPIPE, ECONNRESET) when it read no answer */
  error?: string;
  written: number;
}

interface Upload {
  path: string;
  total: number;
  /** a Content-Length (else chunked) */
  declare: boolean;
  /** bytes per write */
  chunk?: number;
  /** ms between writes (a slow client); none: as fast as the connection takes them */
  paceMs?: number;
}

/** Sends the whole body (or until the connection fails) and reads the answer, as node:http does. */
function upload(port: number, { path, total, declare, chunk = 64 * 1024, paceMs }: Upload): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { written: 0 };
    let answered = false;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: {
        'content-type': 'application/json',
        ...(declare ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    req.on('response', (res) => {
      answered = true;
      outcome.status = res.statusCode;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        outcome.body = text;
        resolve(outcome);
      });
      res.on('error', (error: NodeJS.ErrnoException) => {
        outcome.error = error.code ?? error.message;
        resolve(outcome);
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // after the answer was read, a write that fails is the server closing as it said it would
      if (answered) return;
      outcome.error = error.code ?? error.message;
      resolve(outcome);
    });
    const piece = Buffer.alloc(chunk, 0x61);
    void (async () => {
      while (outcome.written < total && !req.destroyed) {
        const more = req.write(piece.subarray(0, Math.min(chunk, total - outcome.written)));
        outcome.written += Math.min(chunk, total - outcome.written);
        if (paceMs !== undefined) await pause(paceMs);
        else if (!more)
          await new Promise<void>((done) => {
            const go = () => {
              req.off('drain', go);
              req.off('close', go);
              done();
            };
            req.on('drain', go);
            req.on('close', go);
          });
      }
      if (!req.destroyed) req.end();
    })();
  });
}

/** The 413 and its body, or what the client got instead. */
function refusal(outcome: Outcome): string {
  if (outcome.status === undefined) return `${outcome.error ?? 'no answer'} after ${outcome.written} bytes`;
  const parsed = ErrorBody.safeParse(JSON.parse(outcome.body ?? 'null'));
  return `${outcome.status} ${parsed.success ? parsed.data.error.code : `unparsed ${outcome.body?.slice(0, 80)}`}`;
}

describe('a client still sending a refused body reads the 413', () => {
  let server: Running;
  let port = 0;

  before(async () => {
    port = await freePort();
    server = await launch(
      ['--import', 'tsx', 'server-example/src/main.ts'],
      { ...baseEnv(), PORT: String(port), HOST: '127.0.0.1', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' },
      /Ctrl-C to stop/,
    );
  });
  after(() => killLaunched());

  for (const [label, upload_] of [
    ['a declared 10 MiB body to a widget route', { path: '/pay/sessions', total: 10 * MiB, declare: true }],
    [
      'a chunked 10 MiB body to the webhook route',
      { path: '/pay/webhooks', total: 10 * MiB, declare: false },
    ],
    [
      'a declared 2 MB JSON body to a widget route',
      { path: '/pay/sessions', total: 2_000_000, declare: true },
    ],
    ['a chunked 1 MiB body to a widget route', { path: '/pay/sessions', total: MiB, declare: false }],
    [
      'a declared 1 MiB body written slowly, 16 KiB every 5 ms',
      { path: '/pay/sessions', total: MiB, declare: true, chunk: 16 * 1024, paceMs: 5 },
    ],
  ] as const) {
    it(
      `answers ${label} with a 413 the client reads, ${ROUNDS} times in ${ROUNDS}`,
      { timeout: 60_000 },
      async () => {
        const seen: string[] = [];
        for (let round = 0; round < ROUNDS; round++) seen.push(refusal(await upload(port, upload_)));
        assert.deepEqual(seen, Array<string>(ROUNDS).fill('413 payload_too_large'));
      },
    );
  }

  it(
    'answers 2 MB JSON bodies sent side by side, 16 at once, each with its 413',
    { timeout: 60_000 },
    async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 16 }, () =>
          upload(port, { path: '/pay/sessions', total: 2_000_000, declare: true }),
        ),
      );
      assert.deepEqual(outcomes.map(refusal), Array<string>(16).fill('413 payload_too_large'));
    },
  );

  it(
    'refuses a 400 KB chunked body to the demo’s reset with a 413 and the protocol’s body, no stack',
    { timeout: 30_000 },
    async () => {
      const before = server.output().length;
      const outcome = await upload(port, { path: '/demo-api/reset', total: 400_000, declare: false });
      assert.equal(refusal(outcome), '413 payload_too_large');
      assert.doesNotMatch(outcome.body ?? '', /\bat .*:\d+:\d+|stack/i);
      const said = server.output().slice(before);
      assert.doesNotMatch(said, /stack|\bat .*\.ts:\d+/i, said);
    },
  );

  it('still serves after the refusals', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/pay/banks/NG`);
    assert.equal(response.status, 200);
  });
});
