// Serves the built demo (demo/dist) with the right types and caching: hashed assets for a year,
// HTML never cached. Paths are resolved inside the root only.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

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

export interface StaticFile {
  body: Buffer;
  type: string;
  cacheControl: string;
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
      cacheControl: decoded.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
  } catch {
    return null;
  }
}
