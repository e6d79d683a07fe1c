// The dashboard at /_sandbox/: one HTML page and its script, built from ../dashboard/src by
// `npm run build:dashboard` and read from the package's files. No key is needed to load the page;
// the page asks for the key and calls the control API with it. Served under a strict CSP.
import { readFileSync } from 'node:fs';
import type { Route } from './context.js';

const SCRIPT = new URL('../dashboard/dist/dashboard.js', import.meta.url);

const headers = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <title>pay-sandbox dashboard</title>
    <script type="module" src="/_sandbox/dashboard.js"></script>
  </head>
  <body>
    <sandbox-dashboard></sandbox-dashboard>
  </body>
</html>
`;

function script(): string | null {
  try {
    return readFileSync(SCRIPT, 'utf8');
  } catch {
    return null;
  }
}

export const dashboardRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_sandbox/',
    access: 'public',
    handle: () => new Response(page, { headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } }),
  },
  {
    method: 'GET',
    path: '/_sandbox',
    access: 'public',
    handle: () => new Response(null, { status: 308, headers: { location: '/_sandbox/' } }),
  },
  {
    method: 'GET',
    path: '/_sandbox/dashboard.js',
    access: 'public',
    handle: () => {
      const body = script();
      if (body === null)
        return new Response(
          'the dashboard is not built: run `npm run build:dashboard -w @pay-elements/sandbox`\n',
          { status: 503, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } },
        );
      return new Response(body, {
        headers: { ...headers, 'content-type': 'text/javascript; charset=utf-8' },
      });
    },
  },
];
