// The PostgreSQL store while the database is stopped (`pg_ctl stop -m fast`) and started again: the
// pool's idle clients' errors are heard (the process lives), calls fail at once with a
// StoreUnavailableError instead of hanging, the loss is logged once, the store answers again by
// itself, and an onPaid delivery recorded while the database was away is written when it is back
// (so no sweep delivers it a second time).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer, type Socket } from 'node:net';
import type { LogFields, Logger } from '../log.js';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import { seed, sessionRecord } from '../testing/store-conformance/index.js';
import { StoreUnavailableError } from './errors.js';
import { PostgresStore } from './postgres.js';

describe('PostgresStore through a database restart', { timeout: 60_000 }, () => {
  let server: TestPostgres;
  let url = '';
  const lines: string[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: (message: string) => lines.push(`info ${message}`),
    warn: (message: string, fields?: LogFields) => lines.push(`warn ${message} ${JSON.stringify(fields)}`),
    error: (message: string) => lines.push(`error ${message}`),
  };

  before(async () => {
    server = await startPostgres();
    url = server.createDatabase('outage');
  });
  after(() => server.stop());

  it('fails fast meanwhile, recovers by itself, and records a delivery made meanwhile', async () => {
    const store = await PostgresStore.open({ connectionString: url, logger, connectTimeoutMs: 1000 });
    const other = await PostgresStore.open({ connectionString: url });
    try {
      const session = await seed(
        store,
        sessionRecord({ id: 'ses_out', orderId: 'ord_out', reference: 'ref_out' }),
      );
      assert.equal(
        await store.sessions.markPaid(session.id, {
          paidAt: '2026-11-21T10:05:00.000Z',
          transactionId: 'txn_o',
          now: 1,
        }),
        true,
      );
      // idle connections in the pool, then the database goes away under them
      await Promise.all([
        store.sessions.get(session.id),
        store.sessions.get(session.id),
        store.sessions.get(session.id),
      ]);
      server.pause();
      await new Promise((resolve) => setTimeout(resolve, 200));

      const started = performance.now();
      await assert.rejects(store.sessions.get(session.id), StoreUnavailableError);
      assert.ok(performance.now() - started < 2000, 'no hang');
      await assert.rejects(store.ping(), StoreUnavailableError);
      await store.outbox.markDelivered('paid', session.id); // onPaid returned meanwhile: kept, not thrown
      assert.deepEqual(
        await store.outbox.listOwed('paid', Number.MAX_SAFE_INTEGER).catch(() => 'unavailable'),
        'unavailable',
      );

      server.resume();
      await store.ping();
      assert.equal((await store.sessions.get(session.id))?.status, 'paid');
      // the delivery is in the database for every instance
      const deadline = Date.now() + 5000;
      while (
        (await other.outbox.listOwed('paid', Number.MAX_SAFE_INTEGER)).length > 0 &&
        Date.now() < deadline
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(
        await other.outbox.listOwed('paid', Number.MAX_SAFE_INTEGER),
        [],
        'nothing owed any more',
      );
      assert.equal(
        lines.filter((l) => l.startsWith('warn PostgreSQL connection lost')).length,
        1,
        lines.join('\n'),
      );
      assert.ok(lines.includes('info PostgreSQL answering again'), lines.join('\n'));
    } finally {
      await store.close();
      await other.close();
    }
  });

  it('fails within its timeouts when the database stops answering (packets dropped, no reset)', async () => {
    // a TCP relay to the database that, once `drop` is set, keeps every connection open and silent
    let drop = false;
    const sockets: Socket[] = [];
    const relay = createServer((client) => {
      sockets.push(client);
      if (drop) return;
      const upstream = connect(server.port, '127.0.0.1');
      sockets.push(upstream);
      client.on('data', (chunk) => {
        if (!drop) upstream.write(chunk);
      });
      upstream.on('data', (chunk) => {
        if (!drop) client.write(chunk);
      });
      client.on('error', () => undefined);
      upstream.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const address = relay.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const store = await PostgresStore.open({
      connectionString: url.replace(`:${server.port}/`, `:${port}/`),
      connectTimeoutMs: 500,
      queryTimeoutMs: 500,
      logger,
    });
    try {
      await store.ping();
      drop = true;
      for (const call of [() => store.sessions.get('ses_out'), () => store.sessions.get('ses_out')]) {
        const started = performance.now();
        await assert.rejects(call(), StoreUnavailableError);
        const ms = performance.now() - started;
        assert.ok(ms < 2500, `failed after ${Math.round(ms)} ms`);
      }
    } finally {
      drop = false;
      for (const socket of sockets) socket.destroy();
      relay.close();
      await store.close().catch(() => undefined);
    }
  });
});
