// PostgresStore's change feed: the names a commit announces are sent by pg_notify inside the commit
// (pay_commit), so they go out only if it commits, and heard on one connection that LISTENs,
// reopened if it drops; after a gap, listeners are told `'*'` (anything may have changed).
import pg from 'pg';
import { describeError } from '../log.js';
import type { ChangeFeedPart } from './contract.js';
import { ChangeListeners } from './listeners.js';
import { CHANGE_CHANNEL, type PgDatabase } from './postgres-db.js';

export class PgChangeFeed implements ChangeFeedPart {
  private readonly listeners = new ChangeListeners();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private listenerDown = false;
  private closed = false;

  constructor(private readonly db: PgDatabase) {}

  /**
   * Calls `listener` with every name any instance's commit announces, until the returned function is
   * called. The first subscription opens one connection that LISTENs (reopened if it drops).
   */
  subscribe(listener: (name: string) => void): () => void {
    const stop = this.listeners.subscribe(listener);
    void this.listen();
    return stop;
  }

  /** Resolves once the LISTEN connection is up (tests and stream routes wait on it). */
  async ready(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      throw this.db.unavailable(error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = null;
    if (listener) {
      listener.removeAllListeners('end');
      await listener.end().catch(() => undefined);
    }
  }

  private listen(): Promise<void> {
    if (this.listening) return this.listening;
    const client = new pg.Client(this.db.pool.options);
    this.listener = client;
    this.listening = (async () => {
      client.on('notification', (message) => {
        if (message.channel === CHANGE_CHANNEL && message.payload) this.listeners.emit(message.payload);
      });
      client.on('error', (error) => this.relisten(client, error));
      client.on('end', () => this.relisten(client, new Error('the LISTEN connection ended')));
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (this.listenerDown) {
        this.listenerDown = false;
        this.db.logger.info('PostgreSQL LISTEN connection back');
        // what was committed while it was away was announced to no one: anything may have changed
        this.listeners.emit('*');
      }
    })();
    this.listening.catch((error: unknown) => this.relisten(client, error));
    return this.listening;
  }

  /** The LISTEN connection dropped: open another after a pause, while anyone listens. */
  private relisten(client: pg.Client, error: unknown): void {
    if (this.listener !== client) return;
    if (!this.listenerDown && !this.closed) {
      this.listenerDown = true;
      const { name, message } = describeError(error);
      this.db.logger.warn('PostgreSQL LISTEN connection lost; reopening', { error: { name, message } });
    }
    this.listener = null;
    this.listening = null;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.closed || this.listeners.size === 0) return;
    setTimeout(() => {
      if (!this.closed && !this.listener) void this.listen().catch(() => undefined);
    }, 1000).unref();
  }
}
