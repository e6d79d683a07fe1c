// A method the Fetch API cannot carry (TRACE: `new Request` throws on it) sent to server-example, on
// the kit's paths and the site's: a 405 with an Allow header and the request's id, as for any other
// request, before anything is made of it; no error and no stack in the log.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { startApp, type App } from 'server-example/app';
import { readConfig } from 'server-example/config';

describe('server-example asked with TRACE', () => {
  const logged: string[] = [];
  const log = (msg: string) => void logged.push(msg);
  let app: App;
  let port = 0;

  before(async () => {
    const config = readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' });
    app = await startApp(config, { logger: { debug: log, info: log, warn: log, error: log } });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    port = address.port;
  });
  after(() => app.close());

  /** What the server answers to `raw`, until it closes the connection. */
  function exchange(raw: string): Promise<string> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(raw));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(text));
    });
  }

  for (const path of ['/', '/pay/sessions', '/checkout/ses_1', '/healthz'])
    it(`answers TRACE ${path} 405 with Allow and its request id, and logs nothing`, async () => {
      logged.length = 0;
      const answer = await exchange(
        `TRACE ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: trace-1\r\n\r\n`,
      );
      assert.match(answer, /^HTTP\/1\.1 405 /);
      assert.match(answer, /\r\nallow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i);
      assert.match(answer, /\r\nx-request-id: trace-1\r\n/i);
      assert.match(answer, /\r\ncontent-security-policy: /i, 'with the security headers');
      assert.deepEqual(logged, []);
    });
});
