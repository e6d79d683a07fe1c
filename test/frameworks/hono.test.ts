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
