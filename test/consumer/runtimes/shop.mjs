// The one merchant backend every runtime runs (plain ESM, the packed packages only): the kit on the
// provider at PAY_BASE_URL with the store STORE names (memory, postgres, sqlite), one order, onPaid
// and each order's client printed as JSON lines. The runtime's entry (serve-*.mjs) gives the client
// address (`clientKey`) and serves `pay.fetch` with the runtime's own server.
import process from 'node:process';
import { PayClient } from '@pay-elements/api';
import { createPayHandler, MemoryStore } from '@pay-elements/server';

const env = process.env;
export const port = Number(env.PORT);
export const hostname = '127.0.0.1';

/** One line of JSON on stdout, for the test that drives this backend. */
export function report(fields) {
  console.log(JSON.stringify(fields));
}

async function openStore(kind) {
  if (kind === 'memory') return new MemoryStore();
  if (kind === 'postgres') {
    const { PostgresStore } = await import('@pay-elements/server/postgres');
    return PostgresStore.open({ connectionString: env.DATABASE_URL, maxConnections: 5 });
  }
  if (kind === 'sqlite') {
    const { SqliteStore } = await import('@pay-elements/server/sqlite');
    return new SqliteStore(env.SQLITE_FILE);
  }
  throw new Error(`STORE: memory, postgres or sqlite, not ${kind}`);
}

/**
 * The kit on the provider at `env.PAY_BASE_URL` with `store`, its client address from
 * `clientKey(request)`; onPaid and each order's client are printed with `report`. Every runtime's
 * backend, the Worker (worker.mjs) included, builds the kit here.
 */
export function payHandler({ env, store, clientKey }) {
  return createPayHandler({
    client: new PayClient({ apiKey: env.PAY_API_KEY, baseUrl: env.PAY_BASE_URL }),
    store,
    webhookSecret: env.PAY_WEBHOOK_SECRET,
    clientKey,
    resolveOrder: (id, { request }) => {
      report({ event: 'order', id, client: clientKey(request) });
      return id === 'order-1' ? { amount: '5000.00', currency: 'NGN', customer_id: env.CUSTOMER_ID } : null;
    },
    onPaid: (session) => report({ event: 'paid', id: session.id, status: session.status }),
  });
}

/** The kit with the store STORE names, its client address from `clientKey(request)`. */
export async function shop({ clientKey }) {
  let store;
  try {
    store = await openStore(env.STORE);
  } catch (error) {
    report({ event: 'store-error', message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  const pay = payHandler({ env, store, clientKey });
  const stop = () => void pay.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return pay;
}

export function listening(runtime) {
  report({ event: 'listening', runtime, url: `http://${hostname}:${port}` });
}
