// A client that goes away in the middle of its request body, over a real socket to server-example:
// the client's doing, logged as such (info), never as the session store being unavailable (a false
// outage alert anyone could raise), on every route that reads a body and whether the body is
// chunked or has a length.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { LogFields } from '@pay-elements/server';
import { startApp, type App } from 'server-example/app';
import { readConfig } from 'server-example/config';
import { until } from '../support/processes.js';

interface Line {
  level: string;
  msg: string;
  fields: LogFields | undefined;
}

describe('a client that goes away mid-body', () => {
  const lines: Line[] = [];
  const log =
    (level: string) =>
    (msg: string, fields?: LogFields): void => {
      lines.push({ level, msg, fields });
    };
  let app: App;
  let port = 0;

  before(async () => {
    const config = readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' });
    app = await startApp(config, {
      logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    port = address.port;
  });
  after(() => app.close());

  /**
   * Sends the headers with `Expect: 100-continue`, and once the server says to go on (it is answering
   * the request) a part of the body, then goes away.
   */
  async function cutOff(path: string, framing: 'chunked' | 'length'): Promise<void> {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const goOn = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        if (chunk.toString('latin1').startsWith('HTTP/1.1 100')) resolve();
      }),
    );
    const length = framing === 'chunked' ? 'Transfer-Encoding: chunked' : 'Content-Length: 100';
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await goOn;
    socket.write(framing === 'chunked' ? '5\r\n{"ord\r\n' : '{"ord');
    socket.destroy();
  }

  for (const path of ['/pay/sessions', '/pay/webhooks', '/pay/banks/suggest'])
    for (const framing of ['chunked', 'length'] as const)
      it(`logs ${path} (${framing}) cut off as the client's doing, not a store outage`, async () => {
        lines.length = 0;
        await cutOff(path, framing);
        const said = await until('the line about it', 5000, () =>
          Promise.resolve(lines.find((line) => line.msg.includes('cut off'))),
        );
        assert.equal(said.level, 'info');
        assert.equal(said.msg, 'request body cut off: the client went away');
        assert.equal(said.fields?.['path'], path);
        assert.deepEqual(
          lines.filter((line) => line.level === 'warn' || line.level === 'error'),
          [],
          'no warning, no error: nothing for an operator to be woken for',
        );
      });
});
