// The site's files and pages that are not the kit's: the built demo's pages, the hosted checkout's
// "not found", the locked-down pages (a nonce of their own per answer) and the elements' script-tag
// files under /cdn/ as a CDN would serve them. Files are compressed as each request allows, each copy
// made once (compression.ts).
import * as z from 'zod';
import type { SessionView } from '@pay-elements/protocol';
import { checkoutFills } from './checkout-page.js';
import { lockedDownHeaders, logoSources, newNonce } from './headers.js';
import { fillPlaceholders, notBuiltAnswer, notFoundPage, withNonce } from './pages.js';
import { compressedFiles } from './compression.js';
import { fileAnswer, immutable, readStatic } from './static.js';

/** dist/cdn/manifest.json of the elements' build: file → size and SRI hash */
const CdnManifest = z.record(
  z.string(),
  z.object({ integrity: z.string(), bytes: z.number(), gzip: z.number() }),
);

export interface SiteFilesOptions {
  /** the built demo (demo/dist) */
  staticRoot: string;
  /** the elements' script-tag files (packages/elements/dist/cdn) */
  cdnRoot: string;
  /** this server's public origin (a merchant logo there needs no CSP source of its own) */
  origin: string;
}

/** The hosted checkout's page for a session that is not there. */
function checkoutNotFound(): Response {
  return new Response(
    notFoundPage({
      title: 'Checkout not found',
      message: 'This payment link is not valid. Ask the shop for a new one.',
      stylesheet: '/site.css',
    }),
    { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  );
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

/** The site's files and pages, read from `options.staticRoot` and `options.cdnRoot`. */
export function siteFiles(options: SiteFilesOptions) {
  const { staticRoot, cdnRoot, origin } = options;
  const compressed = compressedFiles();

  /** A page of the built demo as it is (`request` for its Accept-Encoding). */
  async function page(path: string, request?: Request): Promise<Response> {
    const file = await readStatic(staticRoot, path);
    if (!file) return notBuiltAnswer();
    return fileAnswer({
      file,
      request,
      compressed,
      headers: { 'content-type': file.type, 'cache-control': file.cacheControl },
    });
  }

  /**
   * A locked-down page: the built demo/locked-down.html with a nonce of its own in its script tags, and
   * for a checkout the hosted checkout's header (the merchant, a logo elsewhere allowed by its CSP).
   */
  async function lockedDownPage(view: SessionView | null = null): Promise<Response> {
    const file = await readStatic(staticRoot, '/locked-down.html');
    if (!file) return page('/locked-down.html');
    const nonce = newNonce();
    const header = view ? (checkoutFills(view)['__PAY_MERCHANT__'] ?? '') : '';
    const body = fillPlaceholders(withNonce(file.body.toString('utf8'), nonce), { __PAY_MERCHANT__: header });
    return new Response(body, {
      headers: {
        'content-type': file.type,
        'cache-control': 'no-store',
        ...lockedDownHeaders(nonce, logoSources(view?.merchant?.logo_url, origin)),
      },
    });
  }

  /**
   * /cdn/{file}: the elements' script-tag files (`npm run build -w @pay-elements/elements`), as a CDN
   * serving the npm package would: the bundles carry their version and the QR chunk its hash in the
   * name, so they are cached for a year; manifest.json (their SRI hashes) is revalidated.
   */
  async function cdnFile(path: string, request?: Request): Promise<Response> {
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
  }

  /** Any other path: a file of the built demo, or the site's 404 page. */
  async function siteFile(path: string, request?: Request): Promise<Response> {
    const file = await readStatic(staticRoot, path);
    if (file) {
      return fileAnswer({
        file,
        request,
        compressed,
        headers: { 'content-type': file.type, 'cache-control': file.cacheControl },
      });
    }
    return new Response(
      notFoundPage({
        title: 'Page not found',
        message: 'There is nothing at this address.',
        stylesheet: '/site.css',
      }),
      { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } },
    );
  }

  return { page, checkoutNotFound, lockedDownPage, cdnFile, siteFile };
}
