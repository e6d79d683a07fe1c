// Reading a request body under a size limit, as text or as JSON: the one reader of the kit and the
// emulator. What goes wrong is a BodyError naming the problem and its status; each server turns it
// into its own error body.

/**
 * Raised by a body stream (the node adapter's) when the body passes the adapter's limit. (A body cut
 * off by the client errors the stream with BodyError `aborted`.)
 */
export class BodyLimitError extends Error {
  override readonly name = 'BodyLimitError';
  /** the limit passed, in bytes, when known */
  readonly limit: number | undefined;

  constructor(message: string, limit?: number) {
    super(message);
    this.limit = limit;
  }
}

/**
 * What was wrong with a body: each has its status (413, 400 or 415). `aborted`: the client went away
 * before the end of it, the client's doing (no one is left to read the 400).
 */
export type BodyProblem = 'too_large' | 'aborted' | 'unreadable' | 'not_utf8' | 'not_json' | 'media_type';

const statusOf: Record<BodyProblem, 400 | 413 | 415> = {
  too_large: 413,
  aborted: 400,
  unreadable: 400,
  not_utf8: 400,
  not_json: 400,
  media_type: 415,
};

/** A body that could not be read: too large, cut off by the client, unreadable, not UTF-8, not JSON, or not declared JSON. */
export class BodyError extends Error {
  override readonly name = 'BodyError';
  readonly problem: BodyProblem;
  readonly status: 400 | 413 | 415;
  /** the limit passed (`too_large`), in bytes, when known */
  readonly limit: number | undefined;

  constructor(problem: BodyProblem, limit?: number) {
    super(`request body: ${problem.replace('_', ' ')}`);
    this.problem = problem;
    this.status = statusOf[problem];
    this.limit = limit;
  }
}

/** True for `application/json` and `application/…+json` media types, whatever the parameters. */
export function isJsonMediaType(contentType: string | null): boolean {
  const type = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * The whole body, refused (`too_large`) as soon as it passes `limit` bytes: a declared length past
 * it before anything is read, a stream stopped by the node adapter's own limit likewise. A fetch
 * Response is read the same way (pay-conformance reads a backend's answers with it).
 */
export async function readBytes(
  request: Pick<Request, 'headers' | 'body'>,
  limit = Infinity,
): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw new BodyError('too_large', limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        throw new BodyError('too_large', limit);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof BodyError) throw error;
    if (error instanceof BodyLimitError) throw new BodyError('too_large', error.limit ?? limit);
    throw new BodyError('unreadable');
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BodyError('not_utf8');
  }
}

/** The whole body as UTF-8 text, under `limit` bytes. */
export async function readText(request: Request, limit = Infinity): Promise<string> {
  return utf8(await readBytes(request, limit));
}

export interface ReadJsonOptions {
  /** the most bytes the body may have; default no limit (a router's body limit checked it) */
  limit?: number;
  /**
   * An empty body answers undefined, whatever its type (the emulator reports missing fields one by
   * one); otherwise the type is checked first and an empty body is not JSON.
   */
  allowEmpty?: boolean;
}

/** The parsed JSON body: `media_type` unless declared JSON, `too_large` past the limit, `not_json` if malformed. */
export async function readJson(request: Request, options: ReadJsonOptions = {}): Promise<unknown> {
  const declaredJson = isJsonMediaType(request.headers.get('content-type'));
  if (!declaredJson && !options.allowEmpty) throw new BodyError('media_type');
  const bytes = await readBytes(request, options.limit);
  if (bytes.byteLength === 0 && options.allowEmpty) return undefined;
  if (!declaredJson) throw new BodyError('media_type');
  const text = utf8(bytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError('not_json');
  }
}
