// The listening socket, up before the app has started: requests wait for it, slow clients are cut
// off, connections past PAY_MAX_CONNECTIONS are refused (or, once it is nearly full, past one client's
// share of it: `connection-cap.ts`), every answer carries the security headers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { errorBody, type Logger } from '@pay-elements/server';
import type { NodeListener } from '@pay-elements/server/node';
import { ConfigError, hostOrigin, type CommonConfig } from '../config.js';
import { connectionCap, perClientShare } from './connection-cap.js';
import { forwardedHttps, securityHeaders } from './headers.js';
import { nameRequest } from './logging.js';

/** What the listener reads of the configuration. */
export type GateConfig = Pick<
  CommonConfig,
  | 'PORT'
  | 'HOST'
  | 'PUBLIC_URL'
  | 'TRUST_PROXY'
  | 'PAY_MAX_CONNECTIONS'
  | 'PAY_MAX_CONNECTIONS_PER_CLIENT'
  | 'HEADERS_TIMEOUT_MS'
  | 'REQUEST_TIMEOUT_MS'
>;

export type { NodeListener };

/** The listening server, its handler attached, and the way to hand it the app once that has started. */
export interface Gate {
  server: Server;
  open(listener: NodeListener): void;
  fail(error: unknown): void;
  /** the security headers of a request's answer (HSTS over HTTPS only) */
  securityFor: (req: IncomingMessage) => Readonly<Record<string, string>>;
  /**
   * whether PAY_MAX_CONNECTIONS connections are open and no client past its share can give way to a
   * new one: readiness says so (a balancer sends elsewhere)
   */
  readonly saturated: boolean;
}

/**
 * Listens with the handler already attached: a request that arrives while the rest starts (the
 * emulator needs the port for its webhook URL) waits for the app and is answered, never left hanging.
 * Slow clients are cut off: headers within HEADERS_TIMEOUT_MS, the whole request within
 * REQUEST_TIMEOUT_MS, checked often enough for either to hold. The connection cap (`connectionCap`)
 * closes what it cannot hold, so the process never runs out of file descriptors. The security
 * headers are the kit adapter's `headers` (`securityFor`), so that every answer carries them, the
 * adapter's own (a 413 refused from Content-Length) included; a header the answer sets itself (a locked-down page's CSP)
 * wins. HTTPS: PUBLIC_URL says so, or a trusted proxy.
 */
export async function listen(config: GateConfig, log: Logger): Promise<Gate> {
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
  void app.then(
    (listener) => (started = listener),
    () => undefined,
  );
  const cap = connectionCap(server, {
    max: config.PAY_MAX_CONNECTIONS,
    perClient: config.TRUST_PROXY ? null : perClientShare(config),
    log,
  });
  server.on('request', (req, res) => {
    if (cap.requested(req, res)) {
      // refused (past the cap or a crowded client's share): this one request is answered (a health
      // check as usual), then the connection ends
      res.shouldKeepAlive = false;
      if (!isHealthCheck(req)) {
        refuseBusy(res, { ...securityFor(req), 'x-request-id': nameRequest(req) });
        return;
      }
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
  await listenOn(server, config.PORT, config.HOST, { port: 'PORT', host: 'HOST' });
  return {
    server,
    open,
    fail,
    securityFor,
    get saturated() {
      return cap.saturated;
    },
  };
}

/**
 * `server.listen(port, host)`, a port another program holds (or one this user may not take, or a host
 * not of this machine) refused with a ConfigError naming `variable` and the fix.
 */
export async function listenOn(
  server: Server,
  port: number,
  host: string,
  names: { port: string; host: string },
): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    throw listenProblem(error, port, host, names);
  }
}

/** A listen's failure in the operator's words (a ConfigError naming the variable), else as it is. */
export function listenProblem(
  error: unknown,
  port: number,
  host: string,
  names: { port: string; host: string },
): unknown {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'EADDRINUSE')
    return new ConfigError(`${names.port} ${port} is in use: stop the other program or set ${names.port}`);
  if (code === 'EACCES')
    return new ConfigError(
      `${names.port} ${port} needs privileges this user lacks: set ${names.port} to 1024 or more`,
    );
  if (code === 'EADDRNOTAVAIL')
    return new ConfigError(`${names.host} ${host} is not an address of this machine: set ${names.host}`);
  return error;
}

/** Where the gate listens: its port, and the public URL (PUBLIC_URL, else the address listened on). */
export interface Listening {
  port: number;
  url: string;
}

/**
 * Listens (`listen`), then starts what answers behind the socket with `start`. If starting fails, the
 * requests that waited get a 503, the socket closes and the error is thrown to the caller.
 */
export async function listenThen<T>(
  config: GateConfig,
  log: Logger,
  start: (gate: Gate, where: Listening) => Promise<T>,
): Promise<T> {
  const gate = await listen(config, log);
  try {
    const address = gate.server.address();
    if (address === null || typeof address === 'string') throw new Error('not a TCP server');
    const url = config.PUBLIC_URL?.replace(/\/+$/, '') ?? hostOrigin(config.HOST, address.port);
    return await start(gate, { port: address.port, url });
  } catch (error) {
    gate.fail(error);
    gate.server.closeAllConnections();
    gate.server.close();
    throw error;
  }
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
