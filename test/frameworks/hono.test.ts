// The kit in Hono: mounted as a sub-app under /pay, the request passed on whole (the kit matches
// its own base path), served by @hono/node-server.
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { describeMountedKit, listenOnLoopback } from '../support/mounted-kit.js';

describeMountedKit('Hono', (pay) => {
  const app = new Hono();
  app.mount('/pay', (request) => pay.fetch(request), { replaceRequest: false });
  app.get('/health', (c) => c.json({ ok: true }));
  const listener = getRequestListener(app.fetch);
  return listenOnLoopback(createServer((req, res) => void listener(req, res)));
});

// The kit's own Hono app routed into the merchant's. The kit exists once the emulator is up, after
// the server listens, so the merchant's app is put together on the first request.
describeMountedKit('Hono, as a sub-app (pay.app)', (pay) => {
  let listener: ReturnType<typeof getRequestListener> | undefined;
  return listenOnLoopback(
    createServer((req, res) => {
      if (!listener) {
        const app = new Hono();
        app.route('/', pay.app);
        app.get('/health', (c) => c.json({ ok: true }));
        listener = getRequestListener(app.fetch);
      }
      void listener(req, res);
    }),
  );
});
