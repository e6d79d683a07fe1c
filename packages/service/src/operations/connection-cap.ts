// The connection cap of the listening socket (`gate.ts`): PAY_MAX_CONNECTIONS in all, each client
// held to its share only when the instance is crowded, so that shoppers behind one address are served
// while there is room and one client cannot deny the others a full instance.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey, type Logger } from '@pay-elements/server';
import type { CommonConfig } from '../config.js';

/** One client's share of the cap: PAY_MAX_CONNECTIONS_PER_CLIENT, else a tenth of the cap (at least 8). */
export function perClientShare(
  config: Pick<CommonConfig, 'PAY_MAX_CONNECTIONS' | 'PAY_MAX_CONNECTIONS_PER_CLIENT'>,
): number {
  return config.PAY_MAX_CONNECTIONS_PER_CLIENT ?? Math.max(8, Math.ceil(config.PAY_MAX_CONNECTIONS / 10));
}

/**
 * How many connections open make the instance crowded, a tenth below the cap (810 of 900): from there
 * each client is held to its share. Below it no share applies, so that shoppers behind one address (a
 * carrier's NAT) are served while there is room.
 */
export function crowdedAt(max: number): number {
  return max - Math.ceil(max / 10);
}

/**
 * How many refused connections (past the cap, or past a client's share once crowded) are kept a
 * moment, each to answer one request (503 with Retry-After, or a health check); any more are closed
 * at once.
 */
export function spareConnections(max: number): number {
  return Math.min(32, Math.max(4, Math.ceil(max / 50)));
}

/** How long a spare connection may take to send its request before it is closed, ms. */
const SPARE_MS = 1000;

export interface ConnectionCap {
  /**
   * Notes the answer a connection is giving (so that an idle connection is told from a busy one), and
   * says whether the connection is a spare one, refused: its request is answered, then it ends.
   */
  requested(req: IncomingMessage, res: ServerResponse): boolean;
  /** whether `max` connections are open and no client past its share can give way to a new one */
  readonly saturated: boolean;
}

/** A client (an address) and the connections it holds against the cap, newest last. */
interface Client {
  key: string;
  open: number;
  newest: Held | undefined;
  /** whether it holds a spare connection: one a client at a time, so that no client holds them all */
  spare: boolean;
  warned: boolean;
}

/** A connection counted against the cap, in its client's list. */
interface Held {
  socket: Socket;
  client: Client;
  older: Held | undefined;
  newer: Held | undefined;
  /** the answer to its latest request: the connection is idle once that is sent (or before any) */
  answer: ServerResponse | undefined;
  gone: boolean;
}

const isIdle = (held: Held): boolean => held.answer === undefined || held.answer.writableFinished;

/**
 * Counts the connections open, in all and per client (`addressKey` of the socket's address), from
 * their opening to their close, and keeps the cap fair under contention only:
 * - below `crowdedAt(max)` every connection is taken, whoever it is from;
 * - from there, a client holding its share (`perClient`) or more has its new connections refused;
 * - at `max`, a client within its share takes the place of the heaviest client past its share: that
 *   client's newest idle connection (its newest, if none is idle) is closed. Otherwise it is refused.
 * Refused: a few spare connections (one a client at a time) answer one request each (closed after
 * it, or after SPARE_MS without one), the rest are closed at once, so a descriptor past the cap is
 * held for a second at most. perClient null (behind a trusted proxy): no share, the cap alone.
 * O(1) a connection; giving way walks the heavy clients (fewer than max / perClient) and one's list.
 */
export function connectionCap(
  server: Server,
  options: { max: number; perClient: number | null; log: Logger },
): ConnectionCap {
  const cap = new FairCap(options.max, options.perClient, options.log);
  server.on('connection', (socket: Socket) => cap.connected(socket));
  return cap;
}

class FairCap implements ConnectionCap {
  private readonly share: number;
  private readonly crowded: number;
  private readonly spares: number;
  private readonly busy = new WeakSet<Socket>();
  private readonly held = new WeakMap<Socket, Held>();
  private readonly clients = new Map<string, Client>();
  /** the clients past their share: the ones that give way at the cap */
  private readonly heavy = new Set<Client>();
  private open = 0;
  private spare = 0;
  private full = false;

  constructor(
    private readonly max: number,
    private readonly perClient: number | null,
    private readonly log: Logger,
  ) {
    this.share = perClient ?? Infinity;
    this.crowded = perClient === null ? Infinity : crowdedAt(max);
    this.spares = spareConnections(max);
  }

  get saturated(): boolean {
    return this.open >= this.max && this.heavy.size === 0;
  }

  requested(req: IncomingMessage, res: ServerResponse): boolean {
    const held = this.held.get(req.socket);
    if (held === undefined) return this.busy.has(req.socket);
    held.answer = res;
    return false;
  }

  connected(socket: Socket): void {
    const key = socket.remoteAddress ? addressKey(socket.remoteAddress) : '';
    const client = this.clients.get(key) ?? { key, open: 0, newest: undefined, spare: false, warned: false };
    if (this.open >= this.crowded && client.open >= this.share) {
      this.warnPastShare(
        client,
        `with ${this.crowded} of ${this.max} connections open, its new ones are refused`,
      );
      this.refuse(socket, client);
    } else if (this.open >= this.max && !this.giveWay()) {
      // once each time the cap is reached, not once a connection
      if (!this.full) this.log.warn(`connections at PAY_MAX_CONNECTIONS (${this.max}): new ones are refused`);
      this.full = true;
      this.refuse(socket, client);
    } else {
      this.hold(socket, client);
    }
  }

  private hold(socket: Socket, client: Client): void {
    const held: Held = {
      socket,
      client,
      older: client.newest,
      newer: undefined,
      answer: undefined,
      gone: false,
    };
    if (client.newest) client.newest.newer = held;
    client.newest = held;
    this.held.set(socket, held);
    this.open++;
    client.open++;
    if (client.open > this.share) this.heavy.add(client);
    this.clients.set(client.key, client);
    socket.once('close', () => {
      if (!held.gone) this.release(held);
      if (this.open < this.max) this.full = false;
    });
  }

  private release(held: Held): void {
    const { client } = held;
    held.gone = true;
    this.held.delete(held.socket);
    if (held.newer) held.newer.older = held.older;
    else client.newest = held.older;
    if (held.older) held.older.newer = held.newer;
    this.open--;
    client.open--;
    if (client.open === this.share) this.heavy.delete(client);
    if (client.open < this.share) client.warned = false;
    if (client.open === 0 && !client.spare) this.clients.delete(client.key);
  }

  private refuse(socket: Socket, client: Client): void {
    if (this.spare >= this.spares || client.spare) {
      socket.destroy();
      return;
    }
    this.spare++;
    client.spare = true;
    this.clients.set(client.key, client);
    this.busy.add(socket);
    const timer = setTimeout(() => socket.destroy(), SPARE_MS);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      this.spare--;
      client.spare = false;
      if (client.open === 0) this.clients.delete(client.key);
    });
  }

  /** At the cap: closes a connection of the heaviest client past its share; false if there is none. */
  private giveWay(): boolean {
    let heaviest: Client | undefined;
    for (const client of this.heavy) if (!heaviest || client.open > heaviest.open) heaviest = client;
    if (!heaviest?.newest) return false;
    let victim: Held | undefined = heaviest.newest;
    while (victim && !isIdle(victim)) victim = victim.older;
    victim ??= heaviest.newest;
    this.warnPastShare(heaviest, 'at PAY_MAX_CONNECTIONS, its newest give way to clients within theirs');
    this.release(victim);
    victim.socket.destroy();
    return true;
  }

  private warnPastShare(client: Client, what: string): void {
    if (client.warned) return;
    client.warned = true;
    const share = `a client holds its share of connections (PAY_MAX_CONNECTIONS_PER_CLIENT, ${this.perClient})`;
    this.log.warn(`${share}: ${what}`, { client: client.key });
  }
}
