// The kit as a Next.js App Router route handler (app/pay/[...path]/route.ts exports one function per
// method, each `(request: Request) => Promise<Response>`), served here the way Next calls them.
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { describeMountedKit, listenOnLoopback, type Pay } from '../support/mounted-kit.js';

/** What the merchant's route.ts holds. */
function routeModule(pay: Pay) {
  const handle = (request: Request) => pay.fetch(request);
  return { GET: handle, POST: handle, OPTIONS: handle };
}

describeMountedKit('a Next.js route handler', (pay) => {
  const route: Record<string, (request: Request) => Promise<Response>> = routeModule(pay);
  const fetch = (request: Request) =>
    route[request.method]?.(request) ?? Promise.resolve(new Response(null, { status: 405 }));
  const listener = getRequestListener(fetch);
  return listenOnLoopback(createServer((req, res) => void listener(req, res)));
});
