// Runs a Fetch-standard handler on node:http: the only code of the kit and the emulator that knows
// Node. The request body is streamed into the Request with the size limit enforced while reading (the
// adapter answers 413, then reads and drops the rest up to a bound, 4 MiB or 2 s, before it closes
// the connection, so that a client still sending reads the answer); an answer sent before the body
// was read to its end closes the connection the same way; the answer is streamed back with
// backpressure (an event stream chunk by chunk as it comes); a client that goes away aborts the
// request's signal and cancels the answer's body. The socket's remote address of each Request is
// recorded for `clientAddress`. A handler's plain answers (`plainAnswers`) are written as they are;
// methods the Fetch API cannot carry are 405.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  DropConnection,
  plainAnswers,
  plainClientAddress,
  plainHeader,
  recordClientAddress,
  unreadAnswer,
  type WithPlainAnswers,
} from './answers.js';
import { BodyError, BodyLimitError } from './body.js';

/** The default most bytes of a request body. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

/** A Fetch handler, or an object with one (a Hono app answers synchronously when it can). */
export type FetchHandler =
  | ((request: Request) => Response | Promise<Response>)
  | { fetch(request: Request): Response | Promise<Response> };

/** Options of {@link toNodeListener}. */
export interface NodeAdapterOptions {
  /** The most bytes any request body may have; default 256 KiB. */
  maxBodyBytes?: number;
  /**
   * The JSON text of the adapter's own answers, a 413 past `maxBodyBytes` and a 500 when the handler
   * throws, in the server's error shape; default `{"error":{"message":…}}`.
   */
  errorBody?: (status: 413 | 500, message: string) => string;
  /**
   * Called when the handler itself throws (the kit's never does), with the request it was answering;
   * default console.error.
   */
  onError?: (error: unknown, req: IncomingMessage) => void;
  /**
   * Headers every answer carries unless it sets its own of the same name (security headers, say),
   * the adapter's own 413 and 500 included; asked once per request. Cheaper than `res.setHeader`
   * before the listener runs, which makes Node merge the answer's headers one by one.
   */
  headers?: (req: IncomingMessage) => Readonly<Record<string, string>> | undefined;
}

/** @deprecated since 0.2.0: renamed `NodeAdapterOptions` (the kit's `/node` has its own `NodeListenerOptions`); removed in 0.3.0. */
export type NodeListenerOptions = NodeAdapterOptions;

/** Express sets `originalUrl` when it mounts a listener under a prefix (and strips the prefix from `url`). */
export type NodeListener = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => void;

/** Sets each header the answer has not set (through `res.setHeader`, Node's merge). */
function setDefaults(res: ServerResponse, defaults: Readonly<Record<string, string>> | undefined): void {
  if (defaults) for (const name in defaults) if (!res.hasHeader(name)) res.setHeader(name, defaults[name]!);
}

/** Adds each default the list (lower-case names) lacks. */
function addDefaults(headers: string[], defaults: Readonly<Record<string, string>>): void {
  for (const name in defaults) {
    const lower = name.toLowerCase();
    let present = false;
    for (let i = 0; i < headers.length && !present; i += 2) present = headers[i] === lower;
    if (!present) headers.push(lower, defaults[name]!);
  }
}

/** The adapter's own answer (a 413, a 500), which closes the connection. */
function sendError(
  res: ServerResponse,
  status: number,
  body: string,
  defaults?: Readonly<Record<string, string>>,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  setDefaults(res, defaults);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  res.end(body);
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

/**
 * A GET or HEAD as a Request (`instanceof` holds, every member works) whose headers and signal are
 * made when first asked: a status poll reads two headers (through `requestHeader`) and never its
 * signal, and a Fetch Request with its Headers and AbortSignal costs a good part of one
 * (docs/performance.md). A member only the real Request has makes it.
 */
class BodylessRequest {
  // private fields and getters: an own `method` or `url` would be assigned over Request's getters
  readonly #method: string;
  readonly #url: string;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  #headers: Headers | undefined;
  #abort: AbortController | undefined;
  #real: Request | undefined;

  constructor(method: string, url: string, req: IncomingMessage, res: ServerResponse) {
    this.#method = method;
    this.#url = url;
    this.#req = req;
    this.#res = res;
  }

  get [plainClientAddress](): string | undefined {
    return this.#req.socket.remoteAddress;
  }

  [plainHeader](name: string): string | null {
    if (this.#headers) return this.#headers.get(name);
    const value = this.#req.headers[name];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  get method(): string {
    return this.#method;
  }
  get url(): string {
    return this.#url;
  }

  get headers(): Headers {
    this.#headers ??= toHeaders(this.#req);
    return this.#headers;
  }
  /** aborted when the client goes away before the answer is sent, or already gone when first asked */
  get signal(): AbortSignal {
    if (!this.#abort) {
      const abort = new AbortController();
      this.#abort = abort;
      const res = this.#res;
      if (res.destroyed) {
        if (!res.writableFinished) abort.abort();
      } else {
        res.once('close', () => {
          if (!res.writableFinished) abort.abort();
        });
      }
    }
    return this.#abort.signal;
  }
  get body(): null {
    return null;
  }
  get bodyUsed(): boolean {
    return false;
  }

  #request(): Request {
    this.#real ??= new Request(this.url, { method: this.method, headers: this.headers, signal: this.signal });
    return this.#real;
  }

  get cache(): Request['cache'] {
    return this.#request().cache;
  }
  get credentials(): Request['credentials'] {
    return this.#request().credentials;
  }
  get destination(): Request['destination'] {
    return this.#request().destination;
  }
  get integrity(): string {
    return this.#request().integrity;
  }
  get keepalive(): boolean {
    return this.#request().keepalive;
  }
  get mode(): Request['mode'] {
    return this.#request().mode;
  }
  get redirect(): Request['redirect'] {
    return this.#request().redirect;
  }
  get referrer(): string {
    return this.#request().referrer;
  }
  get referrerPolicy(): Request['referrerPolicy'] {
    return this.#request().referrerPolicy;
  }
  clone(): Request {
    return this.#request().clone();
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#request().arrayBuffer();
  }
  blob(): Promise<Blob> {
    return this.#request().blob();
  }
  formData(): Promise<FormData> {
    return this.#request().formData();
  }
  // newer Nodes' Request has bytes(); the typings this package builds against may not
  bytes(): Promise<Uint8Array> {
    return (this.#request() as unknown as { bytes(): Promise<Uint8Array> }).bytes();
  }
  json(): Promise<unknown> {
    return this.#request().json();
  }
  text(): Promise<string> {
    return this.#request().text();
  }
}
Object.setPrototypeOf(BodylessRequest.prototype, Request.prototype);

/**
 * Methods the Fetch API cannot carry (`new Request` throws on them), answered 405 before any Request
 * is made. The adapter knows no routes: its Allow names what a Fetch handler can be asked, and the
 * handler's own 405 tells a path's methods.
 */
const UNCARRIED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const FETCH_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

function refuseMethod(res: ServerResponse, defaults?: Readonly<Record<string, string>>): void {
  setDefaults(res, defaults);
  res.writeHead(405, { allow: FETCH_METHODS, 'content-length': 0, connection: 'close' });
  res.end();
}

/** A chunk shorter than this is copied into the gathering buffer (and let go at once); a longer one is kept as it is. */
const SMALL_CHUNK = 256;
/** The gathering buffer's size (a new one when it is full; 64 KiB measured no better, docs/performance.md). */
const GATHER_BYTES = 8 * 1024;

/**
 * The request body as a web stream that errors with BodyLimitError past `limit` bytes, and with
 * BodyError `aborted` when the client goes away before its end. What arrives in one socket read
 * enters the stream as one chunk: node gives a chunked body's chunks one by one (a hostile client's
 * one-byte chunks by the thousand a read), and a web stream chunk for each cost more than node's own
 * work (docs/performance.md). A small chunk's bytes are copied into a gathering buffer as it comes, so
 * that node's Buffer for it is garbage at once, as it is for a server that only counts them (kept
 * until the read is over, thousands of them outlived the young generation's collections and cost
 * more than node's own work); larger ones are kept in a list; both are joined once, after the read
 * (`setImmediate`).
 */
function bodyStream(req: IncomingMessage, limit: number, onLimit: () => void): ReadableStream<Uint8Array> {
  let total = 0;
  let finished = false;
  let pending: Buffer[] = [];
  // small chunks' bytes: gather[from, at) not yet in `pending`
  let gather: Buffer | undefined;
  let from = 0;
  let at = 0;
  let flushing: NodeJS.Immediate | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stop = (): void => {
    finished = true;
    pending = [];
    gather = undefined;
    if (flushing) clearImmediate(flushing);
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onAborted);
    req.off('close', onAborted);
  };
  /** The gathered bytes, in order, onto the list (a view: the bytes after it are written later). */
  function keepGathered(): void {
    if (gather && at > from) pending.push(gather.subarray(from, at));
    from = at;
  }
  function flush(): void {
    flushing = undefined;
    if (finished) return;
    keepGathered();
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  }
  function onData(chunk: Buffer): void {
    const size = chunk.byteLength;
    total += size;
    if (total > limit) {
      stop();
      onLimit();
      req.pause();
      controller.error(new BodyLimitError(`request body larger than ${limit} bytes`, limit));
      return;
    }
    if (size < SMALL_CHUNK && (gather !== undefined || pending.length > 0)) {
      // (the first small chunk is kept as it is: a small body in one piece needs no gathering)
      if (gather === undefined || at + size > GATHER_BYTES) {
        keepGathered();
        gather = Buffer.allocUnsafe(GATHER_BYTES);
        from = 0;
        at = 0;
      }
      if (size === 1) gather[at++] = chunk[0]!;
      else {
        chunk.copy(gather, at);
        at += size;
      }
    } else {
      keepGathered();
      pending.push(chunk);
    }
    flushing ??= setImmediate(flush);
  }
  function onEnd(): void {
    if (finished) return;
    flush();
    stop();
    controller.close();
  }
  // an error or a close before the end: the client went away mid-body (not a failure of the server)
  function onAborted(): void {
    if (finished) return;
    stop();
    controller.error(new BodyError('aborted'));
  }
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on('data', onData);
        req.once('end', onEnd);
        req.once('error', onAborted);
        req.once('close', onAborted);
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        stop();
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/**
 * After an answer that closes the connection while the request body is still coming (a 413, a
 * refusal), the connection is not closed at once: closed with bytes unread, the kernel resets it, and
 * a client still sending its body (Node's client, a browser, curl) gets EPIPE or ECONNRESET, often
 * before it has read the answer it was sent. Node closes such a connection through `destroySoon` once
 * the answer is written; that is where this waits: the answer and the end of ours are sent, then the
 * rest of the body is read and dropped, up to `bytes` (then no more is read: the client's writes
 * wait, the answer in its hands), and the socket is closed when the body ends, when the client closes
 * (Node's client does as soon as it reads the end of ours), or after `ms`, whichever comes first.
 */
function lingerBeforeClose(req: IncomingMessage, bytes: number, ms: number): void {
  const socket = req.socket;
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (req.readableEnded) {
      destroySoon();
      return;
    }
    socket.end(); // the answer, then the end of ours: the client reads it whatever it still sends
    let left = bytes;
    const close = (): void => {
      clearTimeout(timer);
      // once what was written (the answer) has been handed to the system, not lost in a closed socket
      if (socket.writableLength === 0) socket.destroy();
      else socket.once('drain', () => socket.destroy());
    };
    const timer = setTimeout(close, ms);
    req.on('data', (chunk: Buffer) => {
      left -= chunk.byteLength;
      if (left < 0) req.pause();
    });
    req.once('end', close);
    socket.once('close', () => clearTimeout(timer));
    req.resume();
  };
}

/** How long a client still sending an unread body is given after the answer that closes its connection. */
const LINGER_MS = 2_000;

/** The most of an unread body read and dropped after that answer: 4 MiB, or four limits if more. */
const LINGER_BYTES = 4 * 1024 * 1024;

/** Answers up to this size are sent whole, with a Content-Length, in one write. */
const BUFFERED_ANSWER_BYTES = 1024 * 1024;

/**
 * Writes the answer. A small answer (all of the kit's) is read whole and sent in one write with its
 * Content-Length: chunked writes of a few bytes each cost far more than the handler itself. A larger
 * one is streamed with backpressure.
 */
async function writeAnswer(
  status: number,
  headers: Record<string, string | string[]>,
  body: ReadableStream<Uint8Array>,
  res: ServerResponse,
): Promise<void> {
  const reader = body.getReader();
  // a client gone mid-answer (most often a status stream left open) cancels the body, so the
  // handler's stream and whatever feeds it are released rather than left waiting on a dead socket
  const cancel = (): void => void reader.cancel().catch(() => undefined);
  res.once('close', cancel);
  try {
    if (isEventStream(headers)) {
      await writeAsItComes(status, headers, reader, res);
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        res.writeHead(status, { ...headers, 'content-length': String(size) });
        res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
        return;
      }
      chunks.push(value);
      size += value.byteLength;
      if (size > BUFFERED_ANSWER_BYTES) break;
    }
    res.writeHead(status, headers);
    for (const chunk of chunks) res.write(chunk);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
    }
    res.end();
  } finally {
    res.off('close', cancel);
    await reader.cancel().catch(() => undefined);
  }
}

function isEventStream(headers: Record<string, string | string[]>): boolean {
  const type = headers['content-type'];
  return typeof type === 'string' && type.split(';', 1)[0]?.trim().toLowerCase() === 'text/event-stream';
}

/**
 * Server-Sent Events: headers at once, then each chunk written as the handler enqueues it (no
 * Content-Length, no gathering), with backpressure, until the handler ends it or the client leaves.
 */
async function writeAsItComes(
  status: number,
  headers: Record<string, string | string[]>,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  res: ServerResponse,
): Promise<void> {
  res.writeHead(status, headers);
  res.flushHeaders();
  for (;;) {
    const { done, value } = await reader.read();
    if (done || res.destroyed) break;
    if (!res.write(value)) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
  }
  if (!res.destroyed) res.end();
}

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** A lower-case host name or a canonical IPv4 address (no IPv6, no IDN), maybe a port: URL keeps them as they are. */
const PLAIN_HOST = new RegExp(
  `^(?:(?:[a-z0-9-]+\\.)*[a-z][a-z0-9-]*|(?:${OCTET}\\.){3}${OCTET})(?::([1-9]\\d{0,4}))?$`,
);
/** A path of characters URL keeps as they are: no dot segment, no empty segment, no query. */
const PLAIN_PATH = /^(?:\/[\w\-~%=&+,;:@!$*'()]+)*\/?$/;

/**
 * The request's URL as `new URL(path, \`http://${host}\`).href` gives it (localhost when the Host
 * header is missing or not valid). A plain host and path (a status poll's) are joined as they are:
 * parsing them is a measurable part of the adapter's time (docs/performance.md).
 */
function requestUrl(host: string | undefined, path: string): string {
  const plain = host === undefined ? null : PLAIN_HOST.exec(host);
  const port = plain?.[1] === undefined ? 0 : Number(plain[1]);
  if (
    plain &&
    port !== 80 &&
    port <= 65535 &&
    !host!.includes('xn--') &&
    path.startsWith('/') &&
    PLAIN_PATH.test(path) &&
    !/%2e/i.test(path)
  )
    return `http://${host}${path}`;
  try {
    return new URL(path, `http://${host ?? 'localhost'}`).href;
  } catch {
    return new URL(path, 'http://localhost').href;
  }
}

type Defaults = Readonly<Record<string, string>> | undefined;

/** What a listener makes once from its handler and options, and every request it serves reads. */
interface Edge {
  readonly fetchResponse: (request: Request) => Response | Promise<Response>;
  readonly limit: number;
  /** the most of an unread body read and dropped after an answer that closes its connection */
  readonly drainBytes: number;
  readonly errorText: (status: 413 | 500, message: string) => string;
  readonly onError: (error: unknown, req: IncomingMessage) => void;
}

function edgeOf(handler: FetchHandler, options: NodeAdapterOptions): Edge {
  const limit = options.maxBodyBytes ?? DEFAULT_BODY_LIMIT;
  return {
    // a handler with plain answers (the kit's `pay` or `pay.fetch`) is called where they are written as they are
    fetchResponse:
      typeof handler === 'function'
        ? ((handler as WithPlainAnswers)[plainAnswers] ?? handler)
        : ((handler.fetch as WithPlainAnswers)[plainAnswers] ?? ((r: Request) => handler.fetch(r))),
    limit,
    drainBytes: Math.max(LINGER_BYTES, 4 * limit),
    errorText:
      options.errorBody ?? ((_status: 413 | 500, message: string) => JSON.stringify({ error: { message } })),
    onError: (error, req) => {
      if (options.onError) options.onError(error, req);
      else console.error('[pay-elements] handler threw', error);
    },
  };
}

/** An answer that closes its connection while the body still comes is read by a client still sending. */
function closing(edge: Edge, req: IncomingMessage): void {
  if (!req.complete) lingerBeforeClose(req, edge.drainBytes, LINGER_MS);
}

/** The adapter's own 500, for a handler that threw. */
function sendInternal(edge: Edge, req: IncomingMessage, res: ServerResponse, defaults: Defaults): void {
  closing(edge, req);
  sendError(res, 500, edge.errorText(500, 'Something went wrong on our side.'), defaults);
}

/**
 * `(req, res) => void` for `http.createServer`, answering through the Fetch-standard handler. It also
 * serves as Express middleware (`app.use(listener)`, before any body parser) and inside Fastify
 * (`reply.hijack()`, then `listener(request.raw, reply.raw)`).
 */
export function toNodeListener(handler: FetchHandler, options: NodeAdapterOptions = {}): NodeListener {
  const edge = edgeOf(handler, options);
  return (req, res) => {
    const defaults = options.headers?.(req);
    serve(edge, req, res, defaults).catch((error: unknown) => {
      edge.onError(error, req);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendInternal(edge, req, res, defaults);
    });
  };
}

/** One request: refused before it is read, or made a Request, answered by the handler and written. */
async function serve(
  edge: Edge,
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  defaults: Defaults,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (refusedUnread(edge, method, req, res, defaults)) return;
  let overLimit = false;
  // the full path, so the kit's base path matches wherever a framework mounted the listener
  const url = requestUrl(req.headers.host, req.originalUrl ?? req.url ?? '/');
  const request =
    method === 'GET' || method === 'HEAD'
      ? (new BodylessRequest(method, url, req, res) as unknown as Request)
      : requestWithBody(method, url, req, res, edge.limit, () => (overLimit = true));
  let response: Response;
  try {
    response = await edge.fetchResponse(request);
  } catch (error) {
    if (error instanceof DropConnection) {
      res.destroy();
      return;
    }
    edge.onError(error, req);
    sendInternal(edge, req, res, defaults);
    return;
  }
  // The rest of an unread body (refused, too large, or never needed) is still on the wire: close
  // the connection after the answer rather than read it all to keep the connection alive, reading
  // and dropping a bounded part first, so that a client still sending reads the answer (closing).
  const closeAfter = overLimit || !req.complete;
  if (closeAfter) closing(edge, req);
  // plain answers: headers and text as they are, in one write, no Fetch objects made
  const plain = unreadAnswer(response);
  if (plain) writePlain(response.status, plain, method, closeAfter, res, defaults);
  else await writeResponse(response, method, closeAfter, res, defaults);
}

/** A method Fetch cannot carry (405) or a declared body past the limit (413), answered unread. */
function refusedUnread(
  edge: Edge,
  method: string,
  req: IncomingMessage,
  res: ServerResponse,
  defaults: Defaults,
): boolean {
  if (UNCARRIED_METHODS.has(method)) {
    closing(edge, req);
    refuseMethod(res, defaults);
    return true;
  }
  if (Number(req.headers['content-length'] ?? '0') > edge.limit) {
    closing(edge, req);
    sendError(
      res,
      413,
      edge.errorText(413, `The request body is larger than ${edge.limit} bytes.`),
      defaults,
    );
    return true;
  }
  return false;
}

/** A request that may carry a body, streamed in under the limit, aborted when the client leaves. */
function requestWithBody(
  method: string,
  url: string,
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  onLimit: () => void,
): Request {
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  // `duplex` is required by Node for a streamed body and missing from the DOM typings
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers: toHeaders(req),
    signal: abort.signal,
    body: bodyStream(req, limit, onLimit),
    duplex: 'half',
  };
  const request = new Request(url, init);
  if (req.socket.remoteAddress) recordClientAddress(request, req.socket.remoteAddress);
  return request;
}

/** A plain answer's headers and text, as they are, in one write. */
function writePlain(
  status: number,
  { headers, text }: { headers: string[]; text: string | null },
  method: string,
  closeAfter: boolean,
  res: ServerResponse,
  defaults: Defaults,
): void {
  if (defaults) addDefaults(headers, defaults);
  if (closeAfter) headers.push('connection', 'close');
  if (text !== null && method !== 'HEAD') {
    headers.push('content-length', String(Buffer.byteLength(text)));
    res.writeHead(status, headers);
    res.end(text);
  } else {
    res.writeHead(status, headers);
    res.end();
  }
}

/** A Fetch Response: its headers (each cookie its own), then its body, none for HEAD. */
async function writeResponse(
  response: Response,
  method: string,
  closeAfter: boolean,
  res: ServerResponse,
  defaults: Defaults,
): Promise<void> {
  setDefaults(res, defaults);
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if (closeAfter) headers['connection'] = 'close';
  if (!response.body || method === 'HEAD') {
    // a body never to be sent is cancelled, so that what feeds it (a status stream) is let go
    if (response.body) void response.body.cancel().catch(() => undefined);
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  await writeAnswer(response.status, headers, response.body, res);
}
