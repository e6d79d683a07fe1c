// The PostgreSQL store while the database is stopped (`pg_ctl stop -m fast`) and started again: the
// pool's idle clients' errors are heard (the process lives), calls fail at once with a
// StoreUnavailableError instead of hanging, the loss is logged once, the store answers again by
// itself, and an outbox entry done while the database was away is written when it is back (so no
// instance delivers it a second time).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer, type Socket } from 'node:net';
import type { LogFields, Logger } from '../log.js';
import { startPostgres, type TestPostgres } from '@pay-elements/testing/postgres';
import { StoreUnavailableError } from '../errors.js';
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
    server = await startPostgres({ own: true });
    url = server.createDatabase('outage');
  });
  after(() => server.stop());

  it('fails fast meanwhile, recovers by itself, and records a delivery done meanwhile', async () => {
    const store = await PostgresStore.open({ connectionString: url, logger, connectTimeoutMs: 1000 });
    const quiet: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    };
    const other = await PostgresStore.open({ connectionString: url, logger: quiet });
    const owed = () => other.outbox.due('sessions.paid', Number.MAX_SAFE_INTEGER, 10);
    try {
      assert.equal(
        await store.records.commit({
          writes: [{ collection: 'sessions', key: 'ses_out', value: { status: 'paid' }, expect: 0 }],
          owe: [{ topic: 'sessions.paid', id: 'ses_out', dueAt: 1 }],
        }),
        true,
      );
      // idle connections in the pool, then the database goes away under them
      await Promise.all([1, 2, 3].map(() => store.records.get('sessions', 'ses_out')));
      server.pause();
      await new Promise((resolve) => setTimeout(resolve, 200));

      const started = performance.now();
      await assert.rejects(store.records.get('sessions', 'ses_out'), StoreUnavailableError);
      assert.ok(performance.now() - started < 2000, 'no hang');
      await assert.rejects(store.ping(), StoreUnavailableError);
      await assert.rejects(
        store.records.commit({ writes: [{ collection: 'sessions', key: 'ses_2', value: 1 }] }),
        StoreUnavailableError,
      );
      await store.outbox.done('sessions.paid', 'ses_out'); // onPaid returned meanwhile: kept, not thrown
      await assert.rejects(
        store.outbox.due('sessions.paid', Number.MAX_SAFE_INTEGER, 10),
        StoreUnavailableError,
      );

      server.resume();
      await store.ping();
      assert.deepEqual((await store.records.get('sessions', 'ses_out'))?.value, { status: 'paid' });
      assert.equal(
        await store.outbox.lease('sessions.paid', 'ses_out', 1, { dueAt: 2, attempts: 1 }),
        false,
        'done here: not leased again, whatever the row says until it is written',
      );
      // the delivery done is in the database for every instance
      const deadline = Date.now() + 5000;
      while ((await owed()).length > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(await owed(), [], 'nothing owed any more');
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
      for (const call of [
        () => store.records.get('sessions', 'ses_out'),
        () => store.records.commit({ announce: ['x'] }),
      ]) {
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
