// The hosted pages' own scripts and stylesheet, served under /hosted/ from the package's dist/browser
// (scripts/build-browser.mjs): each page's entry and the stylesheet revalidated, the shared chunks
// (their hash in the name) cached for a year; compressed as the request allows.
import { fileURLToPath } from 'node:url';
import { compressedFiles } from '../operations/compression.js';
import { fileAnswer, immutable, readStatic } from '../operations/static.js';

/** dist/browser of this package, from src/hosted/ (the workspace) or dist/hosted/ (installed) alike. */
export const browserRoot = fileURLToPath(new URL('../../dist/browser', import.meta.url));

/** `(path, request)` → the file at `path` under `root`, or a plain 404 saying how to build them. */
export function hostedAssets(root = browserRoot): (path: string, request: Request) => Promise<Response> {
  const compressed = compressedFiles();
  return async (path, request) => {
    const file = await readStatic(root, path);
    if (!file) {
      return new Response(
        'No such file. The hosted pages are built by `npm run build -w @pay-elements/service`.\n',
        { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } },
      );
    }
    return fileAnswer({
      file,
      request,
      compressed,
      headers: {
        'content-type': file.type,
        'cache-control': path.startsWith('/chunks/') ? immutable : 'no-cache',
      },
    });
  };
}
