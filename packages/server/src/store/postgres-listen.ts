// PostgresStore's change feed: every change to a session is announced on a LISTEN/NOTIFY channel (a
// trigger, so no writer can forget), heard on one connection that LISTENs, reopened if it drops.
import pg from 'pg';
import { describeError } from '../log.js';
import type { ChangeFeedPart } from './parts.js';
import { SESSION_CHANNEL, type PgDatabase } from './postgres-db.js';

export class PgChangeFeed implements ChangeFeedPart {
  private readonly listeners = new Set<(sessionId: string) => void>();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private listenerDown = false;
  private closed = false;

  constructor(private readonly db: PgDatabase) {}

  /**
   * Calls `listener` with the id of every session any instance changes, until the returned function
   * is called. The first subscription opens one connection that LISTENs (reopened if it drops).
   */
  subscribe(listener: (sessionId: string) => void): () => void {
    this.listeners.add(listener);
    void this.listen();
    return () => {
      this.listeners.delete(listener);
    };
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
    this.listeners.clear();
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
        if (message.channel !== SESSION_CHANNEL || !message.payload) return;
        for (const listener of this.listeners) listener(message.payload);
      });
      client.on('error', (error) => this.relisten(client, error));
      client.on('end', () => this.relisten(client, new Error('the LISTEN connection ended')));
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
      if (this.listenerDown) {
        this.listenerDown = false;
        this.db.logger.info('PostgreSQL LISTEN connection back');
        // changes committed while it was away were announced to no one: every session may have changed
        for (const listener of this.listeners) listener('*');
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
