// The listening socket, up before the app has started: requests wait for it, slow clients are cut
// off, every answer carries the security headers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { errorBody } from '@pay-elements/server';
import type { ExampleConfig } from './config.js';
import { forwardedHttps, securityHeaders } from './headers.js';

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The listening server, its handler attached, and the way to hand it the app once that has started. */
export interface Gate {
  server: Server;
  open(listener: NodeListener): void;
  fail(error: unknown): void;
  /** the security headers of a request's answer (HSTS over HTTPS only) */
  securityFor: (req: IncomingMessage) => Readonly<Record<string, string>>;
}

/**
 * Listens with the handler already attached: a request that arrives while the rest starts (the
 * emulator needs the port for its webhook URL) waits for the app and is answered, never left hanging.
 * Slow clients are cut off: headers within HEADERS_TIMEOUT_MS, the whole request within
 * REQUEST_TIMEOUT_MS, checked often enough for either to hold. The security headers are the kit
 * adapter's `headers` (`securityFor`), so that every answer carries them, the adapter's own (a 413
 * refused from Content-Length) included; a header the answer sets itself (a locked-down page's CSP)
 * wins. HTTPS: PUBLIC_URL says so, or a trusted proxy.
 */
export async function listen(config: ExampleConfig): Promise<Gate> {
  const https = config.PUBLIC_URL?.startsWith('https:') ?? false;
  const plainHeaders = securityHeaders(false);
  const httpsHeaders = securityHeaders(true);
  const securityFor = (req: IncomingMessage): Readonly<Record<string, string>> =>
    https || (config.TRUST_PROXY && forwardedHttps(req.headers['x-forwarded-proto']))
      ? httpsHeaders
      : plainHeaders;
  const server = createServer({
    headersTimeout: config.HEADERS_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: Math.min(1000, Math.ceil(config.HEADERS_TIMEOUT_MS / 4)),
  });
  let open: (listener: NodeListener) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const app = new Promise<NodeListener>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  app.catch(() => undefined); // startApp throws the failure; a waiting request gets a 503
  // once started, requests go straight to the app, with no promise per request (docs/performance.md)
  let started: NodeListener | undefined;
  void app.then((listener) => (started = listener));
  server.on('request', (req, res) => {
    if (started) {
      started(req, res);
      return;
    }
    app.then(
      (listener) => listener(req, res),
      () => {
        for (const [name, value] of Object.entries(securityFor(req))) res.setHeader(name, value);
        res.writeHead(503, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify(errorBody('internal', 'The server failed to start.')));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  return { server, open, fail, securityFor };
}
