// A token bucket per client key on the injected clock: `perMinute` requests in a burst (or `burst`),
// refilled continuously at `perMinute` a minute. Integer arithmetic (a token is 60 000 units, the bucket
// gains `perMinute` units a millisecond), so no float drift decides a refusal. The map of buckets
// is bounded: a full bucket is the same as no bucket and is dropped first; past that the least
// recently used go. RequestLimiter pairs two of them (per client, per order) for account openings.
import type { Clock } from '../clock.js';
import { clientAddress } from '@pay-elements/http';
import type { Logger } from '../log.js';

export interface RateLimiterOptions {
  clock: Clock;
  /** requests allowed per minute, also the burst unless `burst` says otherwise */
  perMinute: number;
  /** the most requests at once, when it is not `perMinute` */
  burst?: number;
  /** the most client buckets held */
  maxKeys: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  units: number;
  updatedAt: number;
}

const UNITS_PER_TOKEN = 60_000;

export class TokenBucketLimiter {
  private readonly options: RateLimiterOptions;
  private readonly buckets = new Map<string, Bucket>();
  private readonly capacity: number;

  constructor(options: RateLimiterOptions) {
    this.options = options;
    this.capacity = (options.burst ?? options.perMinute) * UNITS_PER_TOKEN;
  }

  /** Takes one token for `key`, or says how many seconds until one is there. */
  take(key: string): RateDecision {
    return this.decide(key, true);
  }

  /** Whether `take` would allow `key` now, taking nothing. */
  peek(key: string): RateDecision {
    return this.decide(key, false);
  }

  private decide(key: string, spend: boolean): RateDecision {
    const now = this.options.clock.now();
    let bucket = this.buckets.get(key);
    if (bucket) {
      this.refill(bucket, now);
      this.buckets.delete(key); // re-inserted below: the map's order is the order of use
    } else {
      this.makeRoom(now);
      bucket = { units: this.capacity, updatedAt: now };
    }
    this.buckets.set(key, bucket);
    if (bucket.units >= UNITS_PER_TOKEN) {
      if (spend) bucket.units -= UNITS_PER_TOKEN;
      return { allowed: true };
    }
    const waitMs = Math.ceil((UNITS_PER_TOKEN - bucket.units) / this.options.perMinute);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** Buckets held. */
  get size(): number {
    return this.buckets.size;
  }

  private refill(bucket: Bucket, now: number): void {
    const elapsed = Math.max(0, now - bucket.updatedAt);
    bucket.units = Math.min(this.capacity, bucket.units + elapsed * this.options.perMinute);
    bucket.updatedAt = now;
  }

  /** Before a new key: drop full buckets, then (if still full) the least recently used tenth. */
  private makeRoom(now: number): void {
    if (this.buckets.size < this.options.maxKeys) return;
    for (const [key, bucket] of this.buckets) {
      this.refill(bucket, now);
      if (bucket.units >= this.capacity) this.buckets.delete(key);
    }
    let excess = this.buckets.size - this.options.maxKeys + 1;
    if (excess <= 0) return;
    excess = Math.max(excess, Math.ceil(this.options.maxKeys / 10));
    for (const key of this.buckets.keys()) {
      if (excess-- <= 0) break;
      this.buckets.delete(key);
    }
  }
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const bare = address.replace(/%.*$/, '').toLowerCase();
  const halves = bare.split('::');
  if (halves.length > 2) return null;
  const part = (text: string | undefined): string[] => (text ? text.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...tail];
  return groups.every((g) => /^[0-9a-f]{1,4}$/.test(g)) ? groups.map((g) => g.replace(/^0+(?=.)/, '')) : null;
}

/**
 * The rate-limit key of a socket address: an IPv4 address as it is (IPv4-mapped IPv6 unwrapped), an
 * IPv6 address by its /64 prefix (one subscriber usually holds a whole /64 and could rotate through it).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/**
 * Who a request comes from, for rate limits: the merchant's `clientKey(request)` when given, else the
 * socket address the node adapter recorded (by `addressKey`); null when neither says.
 */
export function requestClientKey(
  request: Request,
  custom: ((request: Request) => string) | undefined,
): string | null {
  const given = custom?.(request);
  if (typeof given === 'string' && given !== '') return given;
  const address = clientAddress(request);
  return address ? addressKey(address) : null;
}

/**
 * `requestClientKey` for a limit named `what` where every request needs a key: a client that cannot
 * be told apart shares one key with every other such client, with a warning logged once (through the
 * request's logger when given, else `logger`).
 */
export function clientKeyOrShared(
  clientKey: ((request: Request) => string) | undefined,
  logger: Logger,
  what: string,
): (request: Request, log?: Logger) => string {
  let warnedUnknown = false;
  return (request, log = logger) => {
    const known = requestClientKey(request, clientKey);
    if (known !== null) return known;
    if (!warnedUnknown) {
      warnedUnknown = true;
      log.warn(
        `${what}: the client address is unknown (not served through toNodeListener); ` +
          'every such request shares one limit: give the kit a clientKey option',
      );
    }
    return 'unknown';
  };
}

export interface RequestLimiterOptions {
  clock: Clock;
  logger: Logger;
  /** per client and per subject (e.g. order) a minute, also the bursts */
  perClientPerMinute: number;
  perSubjectPerMinute: number;
  maxKeys: number;
  clientKey: ((request: Request) => string) | undefined;
  /** what is limited, for the warning about unknown clients */
  what: string;
}

/**
 * Two token buckets for one kind of costly request: one per client, one per subject (an order), so
 * that neither one client nor many clients on one subject can make it without bound. A request whose
 * client is unknown (not served through the node adapter, no `clientKey`) is limited per subject only
 * (one shared bucket would let one client lock every shopper out), and a warning says so once.
 */
export class RequestLimiter {
  private readonly clients: TokenBucketLimiter;
  private readonly subjects: TokenBucketLimiter;
  private warned = false;

  constructor(private readonly options: RequestLimiterOptions) {
    const { clock, maxKeys } = options;
    this.clients = new TokenBucketLimiter({ clock, perMinute: options.perClientPerMinute, maxKeys });
    this.subjects = new TokenBucketLimiter({ clock, perMinute: options.perSubjectPerMinute, maxKeys });
  }

  /**
   * Takes a token from the client's bucket and the subject's, or neither: the client is asked first,
   * so that a client over its own limit spends nothing of the subject's (an attacker naming a
   * shopper's order cannot use up that order's allowance), and a refused request spends nothing.
   * `log` is the request's logger, for the warning about unknown clients.
   */
  take(request: Request, subject: string, log: Logger = this.options.logger): RateDecision {
    const client = requestClientKey(request, this.options.clientKey);
    if (client !== null) {
      const byClient = this.clients.peek(client);
      if (!byClient.allowed) return byClient;
      const bySubject = this.subjects.take(subject);
      if (bySubject.allowed) this.clients.take(client);
      return bySubject;
    }
    const bySubject = this.subjects.take(subject);
    if (!bySubject.allowed) return bySubject;
    if (!this.warned) {
      this.warned = true;
      log.warn(
        `${this.options.what}: the client address is unknown (not served through toNodeListener); ` +
          'they are limited per order only: give the kit a clientKey option',
      );
    }
    return bySubject;
  }
}
