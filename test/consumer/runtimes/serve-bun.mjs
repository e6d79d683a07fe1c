// Bun: the kit as Bun.serve's fetch; the client address from server.requestIP(request). No idle
// timeout: a status stream stays open between its heartbeats.
/* global Bun */
import { hostname, listening, port, shop } from './shop.mjs';

let server;
const pay = await shop({ clientKey: (request) => server.requestIP(request)?.address ?? 'unknown' });
server = Bun.serve({ hostname, port, idleTimeout: 0, fetch: pay.fetch });
listening('bun');
