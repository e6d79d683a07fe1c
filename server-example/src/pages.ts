// Server-written pages: the ones that cannot come from the demo build because they carry data, such as
// "no such checkout". Every value is escaped; there is no inline script or style (the CSP forbids both).

import { escapeHtml } from '@pay-elements/elements/ssr';

// the one escape for server-written HTML, the elements' own (their server fallback uses it too)
export { escapeHtml };

/** A plain, styled page for a missing checkout or invoice; uses the demo's stylesheet when given. */
export function notFoundPage(options: {
  title: string;
  message: string;
  stylesheet?: string | undefined;
}): string {
  const { title, message, stylesheet } = options;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : ''}
</head>
<body class="hosted">
<main class="hosted-main">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">Back to the shop</a></p>
</main>
</body>
</html>
`;
}

/**
 * Replaces each placeholder of a built page (`__PAY_HEADING__`) by its fill, which is HTML the caller
 * has already escaped (escapeHtml) or built from escaped values. One pass over the page: a fill is
 * never searched again, so a value holding a placeholder's name (a merchant's order title reading
 * `__PAY_ELEMENT__`) stays the text it is.
 */
export function fillPlaceholders(html: string, fills: Readonly<Record<string, string>>): string {
  const names = Object.keys(fills);
  if (names.length === 0) return html;
  // the longest first, so that `__PAY_HEADING_PAID__` is not read as `__PAY_HEADING__` and the rest
  const escaped = names
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return html.replace(new RegExp(escaped.join('|'), 'g'), (name) => fills[name] ?? name);
}

/**
 * A built page made ready for a nonce-based CSP: every `<script>` and `<link rel="modulepreload">`
 * gets `nonce`, and `__PAY_NONCE__` (the `<meta property="csp-nonce">` that Vite's preload helper
 * reads for the chunks it loads later) becomes it. The nonce is base64, which needs no escaping.
 */
export function withNonce(html: string, nonce: string): string {
  if (!/^[A-Za-z0-9+/=]+$/.test(nonce)) throw new Error('a nonce is base64');
  return html
    .replaceAll('__PAY_NONCE__', nonce)
    .replace(/<script\b(?![^>]*\snonce=)/gi, `<script nonce="${nonce}"`)
    .replace(/<link\b(?=[^>]*\brel="?modulepreload)(?![^>]*\snonce=)/gi, `<link nonce="${nonce}"`);
}
