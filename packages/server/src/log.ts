// Logging: the kit logs through a small interface the host provides (console fits it). Everything
// goes through a redacting wrapper, so that no secret the kit knows of reaches a log line.

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** Warnings and errors to the console; debug and info dropped. */
export const defaultLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message, fields) => console.warn(`[pay-elements] ${message}`, fields ?? ''),
  error: (message, fields) => console.error(`[pay-elements] ${message}`, fields ?? ''),
};

/** Key-shaped strings (`sk_live_…`, `sk_sandbox_…`) are masked even when the kit was not told them. */
const KEY_PATTERN = /\bsk_[A-Za-z0-9_-]{4,}/g;
const MASK = '[redacted]';

function redactString(text: string, secrets: readonly string[]): string {
  let out = text.replace(KEY_PATTERN, MASK);
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(MASK);
  return out;
}

function redactValue(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (value instanceof Error) return redactValue(describeError(value), secrets, depth);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1));
  return redactFields(value, secrets, depth + 1);
}

function redactFields(fields: object, secrets: readonly string[], depth: number): LogFields {
  const out: LogFields = {};
  for (const [key, v] of Object.entries(fields)) out[key] = redactValue(v, secrets, depth);
  return out;
}

/** A plain description of an error for a log line: name, message, status if any, stack. */
export function describeError(error: unknown): LogFields {
  if (!(error instanceof Error)) return { value: String(error) };
  const out: LogFields = { name: error.name, message: error.message };
  if ('status' in error && typeof error.status === 'number') out['status'] = error.status;
  if (error.stack) out['stack'] = error.stack;
  return out;
}

/** Wraps a logger so that every message and field has the given secrets and key-shaped strings masked. */
export function redactingLogger(logger: Logger, secrets: readonly string[]): Logger {
  const wrap =
    (write: Logger['info']) =>
    (message: string, fields?: LogFields): void => {
      try {
        const safe = fields === undefined ? undefined : redactFields(fields, secrets, 0);
        write(redactString(message, secrets), safe);
      } catch {
        // a failing logger must never break a request
      }
    };
  return {
    debug: wrap((m, f) => logger.debug(m, f)),
    info: wrap((m, f) => logger.info(m, f)),
    warn: wrap((m, f) => logger.warn(m, f)),
    error: wrap((m, f) => logger.error(m, f)),
  };
}

/**
 * `logger` with `fields()` added to every line it writes, before the line's own fields. They are
 * asked for at the first line and kept: a request that logs nothing never calls `fields`, and a
 * `fields` that throws leaves the line as it was (a failing logger must never break a request).
 */
export function withFields(logger: Logger, fields: () => LogFields | undefined): Logger {
  return new FieldsLogger(logger, fields);
}

class FieldsLogger implements Logger {
  private asked = false;
  private fields: LogFields | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly fieldsOf: () => LogFields | undefined,
  ) {}

  debug(message: string, fields?: LogFields): void {
    this.logger.debug(message, this.with(fields));
  }

  info(message: string, fields?: LogFields): void {
    this.logger.info(message, this.with(fields));
  }

  warn(message: string, fields?: LogFields): void {
    this.logger.warn(message, this.with(fields));
  }

  error(message: string, fields?: LogFields): void {
    this.logger.error(message, this.with(fields));
  }

  private with(fields: LogFields | undefined): LogFields | undefined {
    if (!this.asked) {
      this.asked = true;
      try {
        this.fields = this.fieldsOf();
      } catch {
        this.fields = undefined;
      }
    }
    const added = this.fields;
    if (added === undefined || added === null) return fields;
    return fields === undefined ? added : { ...added, ...fields };
  }
}

/** What the kit needs of a pino logger (or any logger taking `(fields, message)`, bunyan's order). */
export interface FieldsFirstLogger {
  debug(fields: LogFields, message: string): void;
  info(fields: LogFields, message: string): void;
  warn(fields: LogFields, message: string): void;
  error(fields: LogFields, message: string): void;
}

/** A pino logger as the kit's `logger`: `createPayHandler({ logger: fromPino(pino()) })`. */
export function fromPino(logger: FieldsFirstLogger): Logger {
  return {
    debug: (message, fields) => logger.debug(fields ?? {}, message),
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
  };
}
