// Compressed copies of the site's files (scripts, styles, pages, SVG, JSON): brotli and gzip made once
// per version of a file, the first time it is asked for, then kept; which one an answer carries is
// chosen by the request's Accept-Encoding. The kit's answers never pass here (its event stream is
// written as it comes by its own listener).
import { promisify } from 'node:util';
import type { MiddlewareHandler } from 'hono';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Whether an answer of this content type is worth compressing (text; images and fonts are compressed already). */
export function isCompressible(type: string): boolean {
  const mime = type.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return (
    mime.startsWith('text/') ||
    mime === 'application/json' ||
    mime === 'application/javascript' ||
    mime === 'image/svg+xml'
  );
}

/**
 * The coding to send, of those `available` (best first), as the request's Accept-Encoding allows:
 * one it names with a weight above zero, or one `*` covers; null for the file as it is. No header,
 * or one naming nothing we have, gets the file as it is.
 */
export function negotiate(acceptEncoding: string | null, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding.split(',')) {
    const [name = '', ...params] = entry.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const q = params.map((p) => /^\s*q\s*=(.*)$/i.exec(p)?.[1]).find((v) => v !== undefined);
    // a weight that is not a number counts as none
    const weight = q === undefined ? 1 : /^\s*[\d.]+\s*$/.test(q) ? Number(q) : 0;
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isFinite(weight) ? weight : 0);
  }
  const star = weights.get('*');
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const coding of available) {
    const weight = weights.get(coding) ?? star ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/** A file's compressed copies; a coding is missing when its copy would not be smaller than the file. */
export type Compressed = Partial<Record<Encoding, Uint8Array>>;

async function compress(body: Uint8Array): Promise<Compressed> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const copies: Compressed = {};
  if (br.byteLength < body.byteLength) copies.br = br;
  if (gz.byteLength < body.byteLength) copies.gzip = gz;
  return copies;
}

/**
 * The compressed copies of files, one version of each file kept: `copies(path, version, body)` makes
 * them the first time that version is asked for (in zlib's thread pool, not on the event loop) and
 * answers the same ones every time after; a new version (the file rebuilt) replaces the old.
 */
export function compressedFiles() {
  const kept = new Map<string, { version: string; copies: Promise<Compressed> }>();
  return {
    copies(path: string, version: string, body: Uint8Array): Promise<Compressed> {
      const known = kept.get(path);
      if (known?.version === version) return known.copies;
      // a failure is not kept: the next request tries again, this one gets the file as it is
      const copies: Promise<Compressed> = compress(body).catch(() => {
        if (kept.get(path)?.copies === copies) kept.delete(path);
        return {};
      });
      kept.set(path, { version, copies });
      return copies;
    },
  };
}

export type CompressedFiles = ReturnType<typeof compressedFiles>;

/**
 * An HTML page compressed for this request, as its Accept-Encoding allows: the pages are made per
 * request (the session's view is in them), so each is compressed as it goes, at a quality that costs
 * well under a millisecond for a page (brotli 5, gzip 6). A page carrying a secret of its own answer (a
 * CSP nonce) is sent as it is: compressed beside text an attacker chose, its length could give the
 * secret away (BREACH). Anything else (not HTML, a part of a file, a file answered already) passes as it is.
 */
export async function compressedPage(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const negotiated = /accept-encoding/i.test(response.headers.get('vary') ?? '');
  if (!type.startsWith('text/html') || !response.body || (response.status !== 200 && response.status !== 404))
    return response;
  // a file of the site, already compressed once (or sent as it is) for this request
  if (negotiated || response.headers.has('content-encoding')) return response;
  if (response.headers.get('content-security-policy')?.includes("'nonce-")) return response;
  const headers = new Headers(response.headers);
  headers.append('vary', 'Accept-Encoding');
  const encoding = negotiate(request.headers.get('accept-encoding'), ['br', 'gzip']);
  const body = new Uint8Array(await response.arrayBuffer());
  const compressed =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : encoding === 'gzip'
        ? await gzipped(body, { level: 6 })
        : null;
  const sent = encoding && compressed && compressed.byteLength < body.byteLength ? compressed : null;
  if (sent && encoding) headers.set('content-encoding', encoding);
  const bytes = new Uint8Array(sent ?? body);
  headers.set('content-length', String(bytes.byteLength));
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
}

/** The site's pages compressed as they leave (`compressedPage`); the kit's answers never come here. */
export const pageCompression: MiddlewareHandler = async (c, next) => {
  await next();
  const page = await compressedPage(c.req.raw, c.res);
  if (page === c.res) return;
  // replaced, not merged: Hono would copy the old answer's Content-Length onto the new one
  c.res = undefined;
  c.res = page;
};
