// The shells the hosted pages are written into: each a page with placeholders (`__PAY_ELEMENT__`, …)
// that the page's module fills from the kit's view. The service has its own (below: its script and
// stylesheet under /hosted/, built by scripts/build-browser.mjs); server-example gives the demo's
// built pages instead (`builtTemplates`), which preload their chunks as Vite made them.
import { readStatic } from '../operations/static.js';

export type HostedPageName = 'checkout' | 'invoice' | 'fund';

export interface HostedTemplates {
  /** a hosted page's shell with its placeholders, or null when it is not there (not built) */
  page(name: HostedPageName): Promise<string | null>;
  /** the stylesheet of the pages the server writes whole (not found, the receipt) */
  stylesheet: string;
  /** where a not-found page's "Back to the shop" goes; null for no such link */
  home: string | null;
  /** what a shell missing answers (503): how to build it */
  notBuilt: string;
}

/** The shells of a built site: `{name}.html` under `root` (server-example: demo/dist). */
export function builtTemplates(root: string, stylesheet = '/site.css'): HostedTemplates {
  return {
    async page(name) {
      const file = await readStatic(root, `/${name}.html`);
      return file ? file.body.toString('utf8') : null;
    },
    stylesheet,
    home: '/',
    notBuilt: 'The demo is not built: run `npm run build -w demo` (npm start does it).',
  };
}

/** Where the service serves its pages' scripts and stylesheet. */
export const HOSTED_ASSETS = '/hosted';

/** The pages' icon (the demo's own), at /favicon.svg as the demo serves it, so a browser asks no /favicon.ico. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f5eff"/><path d="M9 23V9h8a5 5 0 0 1 0 10h-4v4z" fill="#fff"/></svg>';

/** The head's link to the icon: every page the service writes carries it. */
export const FAVICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';

/** /favicon.svg (and /favicon.ico, which a tab or a bot may ask for anyway): the icon, cached a day. */
export function faviconAnswer(): Response {
  return new Response(FAVICON_SVG, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
  });
}

function shell(options: { script: string; body: string; social?: boolean }): string {
  const social = options.social
    ? `
<meta property="og:type" content="website">
<meta property="og:title" content="__PAY_TITLE__">
<meta property="og:description" content="__PAY_DESCRIPTION__">
<meta name="twitter:card" content="summary">`
    : '';
  return `<!doctype html>
<html lang="__PAY_LANG__" dir="__PAY_DIR__">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>__PAY_TITLE__</title>
<meta name="description" content="__PAY_DESCRIPTION__">${social}
${FAVICON_LINK}
<link rel="stylesheet" href="${HOSTED_ASSETS}/hosted.css">
<script type="module" src="${HOSTED_ASSETS}/${options.script}"></script>
</head>
<body class="hosted">
${options.body}
</body>
</html>
`;
}

const pages: Record<HostedPageName, string> = {
  checkout: shell({
    script: 'checkout.js',
    body: `<header class="hosted-header">__PAY_MERCHANT__</header>
<main class="hosted-main">
<h1 id="heading" data-pending="__PAY_HEADING_PENDING__" data-paid="__PAY_HEADING_PAID__" data-expired="__PAY_HEADING_EXPIRED__">__PAY_HEADING__</h1>
<p class="hosted-order">__PAY_ORDER__</p>
<p id="lead" class="muted hosted-lead" data-status="__PAY_STATUS__">__PAY_LEAD__</p>
<div id="checkout" lang="__PAY_LANG__" data-frame-origins="__PAY_FRAME_ORIGINS__">__PAY_ELEMENT__</div>
<p class="hosted-back">__PAY_BACK__</p>
</main>`,
  }),
  invoice: shell({
    script: 'invoice.js',
    social: true,
    body: `<header class="hosted-header hosted-wide">__PAY_MERCHANT__</header>
<main class="hosted-main hosted-wide">
<h1 id="heading" data-pending="__PAY_HEADING_PENDING__" data-overdue="__PAY_HEADING_OVERDUE__" data-paid="__PAY_HEADING_PAID__" data-cancelled="__PAY_HEADING_CANCELLED__">__PAY_HEADING__</h1>
<div id="invoice" lang="__PAY_LANG__">__PAY_ELEMENT__</div>
<p class="hosted-back">__PAY_BACK__</p>
</main>`,
  }),
  fund: shell({
    script: 'fund.js',
    body: `<header class="hosted-header hosted-wide">__PAY_MERCHANT__</header>
<main class="hosted-main hosted-wide">
<h1 id="heading">__PAY_HEADING__</h1>
<p class="muted">__PAY_LEAD__</p>
<div id="fund" lang="__PAY_LANG__">__PAY_ELEMENT__</div>
<p class="hosted-back">__PAY_BACK__</p>
</main>`,
  }),
};

/** The service's own shells (no file to read: the pages are whole with no script at all). */
export const serviceTemplates: HostedTemplates = {
  page: (name) => Promise.resolve(pages[name]),
  stylesheet: `${HOSTED_ASSETS}/hosted.css`,
  home: null,
  notBuilt: 'The hosted pages are not built: run `npm run build -w @pay-elements/service`.',
};
