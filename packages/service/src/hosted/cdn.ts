// The elements' script-tag files under /cdn/, as a CDN serving the npm package would: the bundles
// carry their version and the QR chunk its hash in the name, so they are cached for a year and
// readable from any origin (a merchant's page embeds them); manifest.json (their SRI hashes) is
// revalidated; /cdn/ lists them. Read from the installed @pay-elements/elements (dist/cdn), compressed
// as each request allows.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as z from 'zod';
import { compressedFiles } from '../operations/compression.js';
import { fileAnswer, immutable, readStatic } from '../operations/static.js';

/** dist/cdn/manifest.json of the elements' build: file → size and SRI hash */
const CdnManifest = z.record(
  z.string(),
  z.object({ integrity: z.string(), bytes: z.number(), gzip: z.number() }),
);

/** The installed elements' dist/cdn (the package's own folder, whatever its exports say). */
export function elementsCdnRoot(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@pay-elements/elements/package.json')), 'dist/cdn');
}

/** /cdn/ before the elements are built, or a file not among them. */
function cdnNotBuilt(): Response {
  return new Response('No such file. The elements are built by `npm run build -w @pay-elements/elements`.', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

/** /cdn/: the files there, from the build's manifest.json, with their sizes and SRI hashes. */
async function cdnIndex(cdnRoot: string): Promise<Response> {
  const file = await readStatic(cdnRoot, '/manifest.json');
  const manifest = file ? CdnManifest.safeParse(JSON.parse(file.body.toString('utf8'))) : null;
  if (!manifest?.success) return cdnNotBuilt();
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const lines = Object.entries(manifest.data).map(
    ([name, { bytes, gzip, integrity }]) =>
      `/cdn/${name}  ${kB(bytes)} (${kB(gzip)} gzip)  integrity="${integrity}"`,
  );
  return new Response(`${['/cdn/manifest.json', ...lines].join('\n')}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' },
  });
}

/** `(path under /cdn, request)` → the file's answer, from `cdnRoot` (default the installed elements'). */
export function cdnFiles(
  cdnRoot = elementsCdnRoot(),
): (path: string, request?: Request) => Promise<Response> {
  const compressed = compressedFiles();
  return async (path, request) => {
    if (path === '/') return cdnIndex(cdnRoot);
    const file = await readStatic(cdnRoot, path);
    if (!file) return cdnNotBuilt();
    return fileAnswer({
      file,
      request,
      compressed,
      headers: {
        'content-type': file.type,
        'cache-control': path.endsWith('.js') ? immutable : 'no-cache',
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
      },
    });
  };
}
