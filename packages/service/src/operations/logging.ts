// server-example's log lines: readable text by default, or with PAY_LOG_FORMAT=json one JSON object
// per line in pino's shape (`level` as pino's number, `time` in ms, `msg`), for a log shipper. Each
// line written while a request is answered names its `request_id`, read from the request's
// `x-request-id` (set as the request arrives): by the kit through its `logFields`, by server-example's
// own lines explicitly. No async context: on Node 20 one costs every request its promise hooks. No
// line carries a token (a working link): every path by token, the kit's and the hosted pages', is
// written with the token's fingerprint (`tok:…`), whatever wrote it.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { IncomingMessage } from 'node:http';
import { endpoints } from '@pay-elements/protocol';
import { tokenPathMasker, type LogFields, type Logger } from '@pay-elements/server';

export type LogFormat = 'text' | 'json';

/** An incoming id is kept when it is short and plain (no spaces or control characters to forge lines). */
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The request's id: a sane `x-request-id` it came with, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Gives the request its id as it arrives: its `x-request-id` is the sane one it came with, else a new
 * one, so that the kit, the site and the answer's headers all read the same id from the request.
 */
export function nameRequest(req: IncomingMessage): string {
  const id = requestIdOf(req);
  if (req.headers['x-request-id'] !== id) req.headers['x-request-id'] = id;
  return id;
}

/** The fields naming a request on a log line (the kit's `logFields`, and server-example's own lines). */
export function requestFields(request: Request): LogFields | undefined {
  const id = request.headers.get('x-request-id');
  return id === null ? undefined : { request_id: id };
}

/**
 * The init of a request to the kit made while answering another (a hosted page asking for its view):
 * the same id, so that the kit's lines name the request the page is answering.
 */
export function sameRequestId(requestId: string | undefined): RequestInit {
  return requestId ? { headers: { 'x-request-id': requestId } } : {};
}

/** server-example's paths by token: the kit's under /pay (the protocol's routes) and the hosted pages. */
const maskTokens = tokenPathMasker([
  ...Object.values(endpoints).map(({ path }) => `/pay${path}`),
  '/invoices/:token',
  '/fund/:token',
  '/receipts/:token',
]);

/** pino's numbers for its levels */
const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;
type Level = keyof typeof LEVELS;

function textValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

export interface LoggerOptions {
  debug?: boolean;
  write?: (line: string, level: Level) => void;
  name?: string;
  /**
   * false in emulator mode: every JSON line carries `livemode: false` and every text line names the
   * emulator, so that no line of a demo can pass for a real provider's
   */
  livemode?: boolean;
}

/** A logger writing to stdout (info and above; debug with `debug`), warnings and errors to stderr. */
export function createLogger(format: LogFormat, options: LoggerOptions = {}): Logger {
  const host = hostname();
  const emulator = options.livemode === false;
  const tag = `[${options.name ?? 'server-example'}${emulator ? ' emulator' : ''}]`;
  const out =
    options.write ??
    ((line: string, level: Level) =>
      (LEVELS[level] >= LEVELS.warn ? process.stderr : process.stdout).write(`${line}\n`));
  const write = (line: string, level: Level) => out(maskTokens(line), level);
  const line = (level: Level) => (msg: string, fields?: LogFields) => {
    if (level === 'debug' && !options.debug) return;
    const all: LogFields = fields ?? {};
    if (format === 'json') {
      write(
        JSON.stringify({
          level: LEVELS[level],
          time: Date.now(),
          pid: process.pid,
          hostname: host,
          msg,
          ...all,
          ...(emulator ? { livemode: false } : {}),
        }),
        level,
      );
      return;
    }
    const pairs = Object.entries(all).map(([key, value]) => `${key}=${textValue(value)}`);
    write([`${tag} ${level === 'info' ? '' : `${level}: `}${msg}`, ...pairs].join(' '), level);
  };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}
