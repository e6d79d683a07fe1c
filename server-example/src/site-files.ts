// The site's files and pages that are not the kit's: the built demo's pages, the locked-down pages (a
// nonce of their own per answer) and the elements' script-tag files under /cdn/ (the service's
// `cdnFiles`). Files are compressed as each request allows, each copy made once.
import type { SessionView } from '@pay-elements/protocol';
import {
  cdnFiles,
  checkoutFills,
  fillPlaceholders,
  notBuiltAnswer,
  notFoundPage,
  pageLanguage,
  requestLanguage,
  withNonce,
} from '@pay-elements/service/hosted';
import {
  compressedFiles,
  fileAnswer,
  lockedDownHeaders,
  logoSources,
  newNonce,
  readStatic,
} from '@pay-elements/service/operations';

export interface SiteFilesOptions {
  /** the built demo (demo/dist) */
  staticRoot: string;
  /** the elements' script-tag files (packages/elements/dist/cdn) */
  cdnRoot: string;
  /** this server's public origin (a merchant logo there needs no CSP source of its own) */
  origin: string;
}

/** The site's files and pages, read from `options.staticRoot` and `options.cdnRoot`. */
export function siteFiles(options: SiteFilesOptions) {
  const { staticRoot, origin } = options;
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

  /** /cdn/{file}: the elements' script-tag files (`npm run build -w @pay-elements/elements`). */
  const cdnFile = cdnFiles(options.cdnRoot);

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
    // in the visitor's language, as the hosted pages are
    const language = request ? requestLanguage(request) : pageLanguage();
    return new Response(
      notFoundPage({ ...language.terms.notFound, stylesheet: '/site.css', lang: language }),
      {
        status: 404,
        headers: { 'content-type': 'text/html; charset=utf-8', vary: 'Accept-Language' },
      },
    );
  }

  return { page, lockedDownPage, cdnFile, siteFile };
}
