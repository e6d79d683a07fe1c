// server-example's log lines: readable text by default, or with PAY_LOG_FORMAT=json one JSON object
// per line in pino's shape (`level` as pino's number, `time` in ms, `msg`), for a log shipper. Each
// line written while a request is answered names its `request_id` (an async context set per request).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { IncomingMessage } from 'node:http';
import type { LogFields, Logger } from '@pay-elements/server';

export type LogFormat = 'text' | 'json';

/** The request being answered, for the log lines written meanwhile. */
export const requestContext = new AsyncLocalStorage<string>();

/** An incoming id is kept when it is short and plain (no spaces or control characters to forge lines). */
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The request's id: a sane `x-request-id` it came with, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/** pino's numbers for its levels */
const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;
type Level = keyof typeof LEVELS;

function textValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** A logger writing to stdout (info and above; debug with `debug`), warnings and errors to stderr. */
export function createLogger(
  format: LogFormat,
  options: { debug?: boolean; write?: (line: string, level: Level) => void } = {},
): Logger {
  const host = hostname();
  const write =
    options.write ??
    ((line: string, level: Level) =>
      (LEVELS[level] >= LEVELS.warn ? process.stderr : process.stdout).write(`${line}\n`));
  const line = (level: Level) => (msg: string, fields?: LogFields) => {
    if (level === 'debug' && !options.debug) return;
    const requestId = requestContext.getStore();
    const all: LogFields = { ...(requestId ? { request_id: requestId } : {}), ...fields };
    if (format === 'json') {
      write(
        JSON.stringify({
          level: LEVELS[level],
          time: Date.now(),
          pid: process.pid,
          hostname: host,
          msg,
          ...all,
        }),
        level,
      );
      return;
    }
    const pairs = Object.entries(all).map(([key, value]) => `${key}=${textValue(value)}`);
    write([`[server-example] ${level === 'info' ? '' : `${level}: `}${msg}`, ...pairs].join(' '), level);
  };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}
