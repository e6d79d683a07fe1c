// The kit in Express 5: the node listener as middleware under /pay, before any body parser (the kit
// reads the raw body itself: webhook signatures are over the bytes as sent).
import { createServer } from 'node:http';
import express from 'express';
import { toNodeListener } from '@pay-elements/server/node';
import { describeMountedKit, listenOnLoopback } from '../support/mounted-kit.js';

describeMountedKit('Express 5', (pay) => {
  const app = express();
  app.use('/pay', toNodeListener(pay));
  app.use(express.json()); // the merchant's own routes after it parse as usual
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  return listenOnLoopback(createServer(app));
});
