// Serves the built demo (demo/dist) and the elements' script-tag files with the right types and
// caching (hashed assets for a year, the rest revalidated), compressed as the request allows
// (compression.ts), and a single byte range when one is asked for. Paths are resolved inside the root only.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { isCompressible, negotiate, type CompressedFiles, type Encoding } from './compression.js';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

export const immutable = 'public, max-age=31536000, immutable';

export interface StaticFile {
  body: Buffer;
  type: string;
  cacheControl: string;
  /** the file on disk */
  path: string;
  /** its version: changes when the file is rebuilt (modification time and size) */
  version: string;
}

/** Reads `urlPath` below `root`, or null when there is no such file (or the path tries to leave root). */
export async function readStatic(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    const info = await stat(full);
    if (!info.isFile()) return null;
    const body = await readFile(full);
    const ext = extname(full);
    return {
      body,
      type: types[ext] ?? 'application/octet-stream',
      cacheControl: decoded.startsWith('/assets/') ? immutable : 'no-cache',
      path: full,
      version: `${info.mtimeMs}:${info.size}`,
    };
  } catch {
    return null;
  }
}

/**
 * The one byte range a request asks for (`bytes=first-last`, `bytes=first-`, `bytes=-suffix`) within
 * `size` bytes: `null` when it asks for none we serve (no Range, several ranges, another unit, an
 * If-Range we cannot match: we send no validators), `'unsatisfiable'` when it starts past the end.
 */
export function requestedRange(
  request: Request | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const header = request?.headers.get('range');
  if (!header || request?.headers.has('if-range')) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * A static file's answer: compressed (brotli, else gzip) when the file's type is text and the
 * request's Accept-Encoding allows it, with `Vary: Accept-Encoding` either way; a Range asked for is
 * served from the file as it is (206, or 416 past its end). Content-Length is always the bytes sent,
 * HEAD included (its body is dropped on the way out).
 */
export async function fileAnswer(options: {
  file: StaticFile;
  request: Request | undefined;
  compressed: CompressedFiles;
  headers: Record<string, string>;
  status?: number;
}): Promise<Response> {
  const { file, request, compressed } = options;
  const status = options.status ?? 200;
  const headers: Record<string, string> = { ...options.headers, 'accept-ranges': 'bytes' };
  const compressible = isCompressible(file.type);
  if (compressible) headers['vary'] = 'Accept-Encoding';
  const size = file.body.byteLength;
  const range = status === 200 ? requestedRange(request, size) : null;
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } });
  }
  if (range) {
    const part = file.body.subarray(range.start, range.end + 1);
    return new Response(new Uint8Array(part), {
      status: 206,
      headers: {
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
        'content-length': String(part.byteLength),
      },
    });
  }
  let body: Uint8Array = file.body;
  if (compressible) {
    const copies = await compressed.copies(file.path, file.version, file.body);
    const encoding = negotiate(
      request?.headers.get('accept-encoding') ?? null,
      (['br', 'gzip'] as const).filter((coding: Encoding) => copies[coding] !== undefined),
    );
    const copy = encoding ? copies[encoding] : undefined;
    if (encoding && copy) {
      body = copy;
      headers['content-encoding'] = encoding;
    }
  }
  headers['content-length'] = String(body.byteLength);
  return new Response(new Uint8Array(body), { status, headers });
}
