// The listening socket, up before the app has started: requests wait for it, slow clients are cut
// off, connections past PAY_MAX_CONNECTIONS are refused with a clear answer, every answer carries the
// security headers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody, type Logger } from '@pay-elements/server';
import type { ExampleConfig } from './config.js';
import { forwardedHttps, securityHeaders } from './headers.js';
import { nameRequest } from './logging.js';

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
 * REQUEST_TIMEOUT_MS, checked often enough for either to hold. A connection opened while
 * PAY_MAX_CONNECTIONS others are open has its requests answered 503 (health checks excepted) and is
 * closed, before the process runs out of file descriptors. The security headers are the kit
 * adapter's `headers` (`securityFor`), so that every answer carries them, the adapter's own (a 413
 * refused from Content-Length) included; a header the answer sets itself (a locked-down page's CSP)
 * wins. HTTPS: PUBLIC_URL says so, or a trusted proxy.
 */
export async function listen(config: ExampleConfig, log: Logger): Promise<Gate> {
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
  const busy = connectionCap(server, config.PAY_MAX_CONNECTIONS, log);
  server.on('request', (req, res) => {
    if (busy.has(req.socket) && !isHealthCheck(req)) {
      refuseBusy(res, { ...securityFor(req), 'x-request-id': nameRequest(req) });
      return;
    }
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

/**
 * The connections opened while `max` others were open: each request on one is refused (a slow body
 * past the cap ties up nothing). Counted from the connection's opening to its close.
 */
function connectionCap(server: Server, max: number, log: Logger): WeakSet<Socket> {
  const busy = new WeakSet<Socket>();
  let open = 0;
  let full = false;
  server.on('connection', (socket: Socket) => {
    open++;
    if (open > max) {
      busy.add(socket);
      // once each time the cap is reached, not once a connection
      if (!full) log.warn(`connections at PAY_MAX_CONNECTIONS (${max}): new ones are refused with 503`);
      full = true;
    }
    socket.once('close', () => {
      open--;
      if (open < max) full = false;
    });
  });
  return busy;
}

/** Liveness and readiness: answered past the cap too, so that an orchestrator does not restart a busy instance. */
function isHealthCheck(req: IncomingMessage): boolean {
  return req.method === 'GET' && (req.url === '/healthz' || req.url === '/readyz');
}

/** 503 with Retry-After, the connection closed after it: the client may come back in a moment. */
function refuseBusy(res: ServerResponse, security: Readonly<Record<string, string>>): void {
  const body = JSON.stringify(errorBody('upstream_unavailable', 'The server is busy. Try again shortly.'));
  for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'retry-after': '1',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  res.end(body);
}
