// A customer's own permanent accounts, one set per currency the merchant offers, opened at the
// provider once however many first visits race: the caller holding the store's claim on the customer
// and currency opens them (renewing its claim meanwhile), the others wait for them; in one process,
// visits for the same customer share one opening. Accounts listed by the provider are adopted only
// after an opening of the kit's own whose answer was lost (a crash), and never one whose number the
// kit holds for another customer. A failed opening is remembered, so that visits cost no provider
// call until it may succeed (30 s, doubling, at most an hour), and openings are limited per client.
// A refusal of what was sent (a BVN missing) is no outage: it is answered 400 naming the field, held
// 30 s for visits only (no doubling), and a call bringing its own input tries at once.
import {
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  type PayClient,
  type PermanentVirtualAccount,
  type VirtualAccountCreation,
} from '@pay-elements/api';
import type { Clock } from '../../clock.js';
import { HttpError, ProviderUnavailableError } from '../../errors.js';
import type { Kit } from '../../flow.js';
import { describeError, type Logger } from '../../log.js';
import { claimNow, holdingLease, newClaimToken, waitForClaim } from '../../provider/claims.js';
import { SingleFlight } from '../../provider/cache.js';
import type { RequestLimiter } from '../../provider/rate-limit.js';
import type { FundingAccountRecord, FundingBook, OpeningFailure } from './book.js';

/** What opening a customer's accounts needs, from the merchant's `funding.customer`. */
export interface FundingCustomer {
  /** the customer's identity number: for NGN accounts, the 11-digit BVN */
  id_number?: string;
  /** the banks to open the customer's accounts at (`GET /v1/banks/{country}` codes), one account each */
  codes?: string[];
}

export interface FundingAccountsOptions {
  book: FundingBook;
  client: PayClient;
  provider: Kit['provider'];
  clock: Clock;
  /** the currencies each customer gets accounts in, upper-case, in the order they are shown */
  currencies: readonly string[];
  /** what opening a customer's accounts needs (the BVN for NGN, the banks) */
  customer: ((customerId: string) => FundingCustomer | Promise<FundingCustomer>) | undefined;
  /** openings per client and per customer; null when off */
  limiter: RequestLimiter | null;
  /** how long a visit waits for another opening the same accounts (real time), ms */
  claimTimeoutMs: number;
  /** a claim not renewed for this long (on the clock) is stale, ms */
  claimLeaseMs: number;
}

/** The wait after the n-th failed opening in a row: 30 s, doubling, at most an hour. */
export function openingBackoffMs(count: number): number {
  return Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.min(count - 1, 10));
}

/** How long a refusal of what was sent holds visits back (not doubled: a visit's input does not change). */
const REFUSAL_HOLD_MS = 30_000;

/** The currencies whose opening takes the customer's identity number (the spec: "for NGN a valid BVN"). */
const ID_NUMBER_CURRENCIES: ReadonlySet<string> = new Set(['NGN']);

/** What is sent to open accounts in `currency`: the BVN only where the currency needs it. */
function needsFor(currency: string, needs: FundingCustomer): FundingCustomer {
  const { id_number, ...rest } = needs;
  return id_number !== undefined && ID_NUMBER_CURRENCIES.has(currency) ? { ...rest, id_number } : rest;
}

/** The provider refused what was sent, naming the fields: 400 `invalid_request` with them. */
export class OpeningRefused extends HttpError {
  constructor(fields: Record<string, string[]> | undefined) {
    super('invalid_request', 'The payment provider refused to open the accounts with what was given.', {
      ...(fields ? { fields } : {}),
    });
  }
}

/** A refusal of the request's own fields (a validation body), as opposed to a 400 that may be an outage. */
function refusedFields(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof ValidationError) || !error.fields) return null;
  return Object.keys(error.fields).length > 0 ? error.fields : null;
}

/** What a visit is answered while a failed opening holds the next try back. */
function failureAnswer(failure: OpeningFailure, now: number): HttpError {
  if (failure.kind === 'not_found') return new HttpError('not_found', 'No such customer.');
  if (failure.kind === 'refused') return new OpeningRefused(failure.fields);
  const seconds = Math.max(1, Math.ceil((failure.retryAt - now) / 1000));
  return new HttpError('upstream_unavailable', 'The accounts cannot be opened now. Try again later.', {
    headers: { 'retry-after': String(seconds) },
  });
}

const none = (value: string) => (value === '' ? null : value);

/** An account as the provider's creation answered it. */
function created(customerId: string, creation: VirtualAccountCreation, now: number): FundingAccountRecord[] {
  return creation.accounts.map((a) => ({
    customerId,
    currency: creation.currency.toUpperCase(),
    accountNumber: a.account_number,
    accountName: a.account_name,
    bankName: a.bank_name,
    bankCode: a.bank_code,
    reference: creation.reference,
    routing: routing(a.ach_routing_number, a.rtp_routing_number, a.wire_routing_number),
    swiftCode: none(a.swift_code),
    bankAddress: none(a.bank_address),
    createdAt: new Date(now).toISOString(),
  }));
}

/** An account as the provider's list shows it (adopted: its creation's reference is not listed). */
function listed(customerId: string, entry: PermanentVirtualAccount, now: number): FundingAccountRecord {
  const { meta } = entry;
  return {
    customerId,
    currency: meta.currency.toUpperCase(),
    accountNumber: entry.account_number,
    accountName: entry.account_name,
    bankName: entry.bank_name,
    bankCode: entry.bank_code,
    reference: meta.id,
    routing: routing(meta.ach_routing_number, meta.rtp_routing_number, meta.wire_routing_number),
    swiftCode: none(meta.swift_code),
    bankAddress: none(meta.bank_address),
    createdAt: new Date(now).toISOString(),
  };
}

function routing(ach: string, rtp: string, wire: string): FundingAccountRecord['routing'] {
  return ach || rtp || wire ? { ach, rtp, wire } : null;
}

/** Who asks for an opening: a visit's request (its client's allowance), or the merchant's own input. */
interface OpeningBy {
  request?: Request | undefined;
  needs?: FundingCustomer | undefined;
}

export class FundingAccounts {
  readonly #opening = new SingleFlight<string, FundingAccountRecord[]>();

  constructor(private readonly options: FundingAccountsOptions) {}

  /**
   * The customer's accounts in every currency offered, opening those it has not got yet (`needs`:
   * what the merchant gives for this opening only, instead of `funding.customer`'s; `currencies`:
   * open only these). A visit (neither given) shows the accounts it has when the provider refuses a
   * currency's opening (no BVN for NGN), rather than none.
   */
  async accountsOf(
    customerId: string,
    log: Logger,
    by: OpeningBy & { currencies?: readonly string[] | undefined } = {},
  ): Promise<FundingAccountRecord[]> {
    const { book, currencies } = this.options;
    const stored = await book.accountsOf(customerId);
    const wanted = by.currencies ?? currencies;
    const missing = wanted.filter((currency) => !stored.some((a) => a.currency === currency));
    const settled = await Promise.allSettled(
      missing.map((currency) =>
        this.#opening.run(`${customerId}\u0000${currency}`, () => this.#open(customerId, currency, log, by)),
      ),
    );
    const all = [...stored, ...settled.flatMap((r) => (r.status === 'fulfilled' ? r.value : []))];
    const failed = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const visit = by.needs === undefined && by.currencies === undefined;
    const partial = visit && all.length > 0 && failed.every((e) => e instanceof OpeningRefused);
    if (failed.length > 0 && !partial) throw failed[0];
    // in the merchant's order of currencies, each currency's accounts as the provider gave them
    return currencies.flatMap((currency) => all.filter((a) => a.currency === currency));
  }

  /** Claims the customer's accounts in `currency` and opens them, or answers those another opened. */
  async #open(
    customerId: string,
    currency: string,
    log: Logger,
    by: OpeningBy,
  ): Promise<FundingAccountRecord[]> {
    const { book, clock, claimLeaseMs, claimTimeoutMs } = this.options;
    const token = newClaimToken();
    const startedAt = Date.now();
    // the merchant's own input (a BVN given) is tried at once, past a refusal of a visit's
    const input = { newInput: by.needs !== undefined };
    const claim = () => book.claimAccounts(customerId, currency, claimNow(clock, token, claimLeaseMs), input);
    for (let look = 0; ; look++) {
      const claimed = await claim();
      if (claimed.outcome === 'accounts') return claimed.accounts;
      if (claimed.outcome === 'failed') throw failureAnswer(claimed.failure, clock.now());
      if (claimed.outcome === 'busy') {
        await waitForClaim(
          startedAt,
          look,
          claimTimeoutMs,
          'The accounts are still being opened. Try again shortly.',
        );
        continue;
      }
      let accounts: FundingAccountRecord[];
      try {
        this.#spend(by.request, customerId, log);
        accounts = await holdingLease(claim, claimLeaseMs / 3, () =>
          this.#fromProvider(customerId, currency, token, claimed.attempted, by.needs, log),
        );
      } catch (error) {
        // the merchant's key refused: nothing to remember of this customer (the answer names the key)
        if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
          await book.release(customerId, currency, token);
          throw error;
        }
        const kept = await this.#failed(customerId, currency, token, error, log);
        if (error instanceof NotFoundError) throw new HttpError('not_found', 'No such customer.');
        const fields = refusedFields(error);
        if (fields) {
          log.warn("the provider refused to open a customer's accounts", {
            customerId,
            currency,
            error: describeError(error),
          });
          throw new OpeningRefused(fields);
        }
        if (error instanceof HttpError || error instanceof ProviderUnavailableError || !kept) throw error;
        // the provider refused (a BVN it does not take, say): the visit is told what the next ones are
        log.error("opening a customer's accounts failed; not asked again until the wait is over", {
          customerId,
          currency,
          error: describeError(error),
        });
        throw failureAnswer(kept, clock.now());
      }
      const saved = await book.saveAccounts(customerId, currency, accounts, token);
      if (saved.outcome === 'saved') {
        log.info('customer accounts opened', { customerId, currency, accounts: accounts.length });
        return accounts;
      }
      if (saved.outcome === 'taken') {
        log.error('the provider answered accounts that belong to another customer; none is shown', {
          customerId,
          currency,
          accounts: saved.numbers.length,
        });
        await this.#failed(customerId, currency, token, new Error('accounts of another customer'), log);
        throw new HttpError('conflict', 'These accounts cannot be shown. Try again later.');
      }
      log.warn('the funding claim was taken over while its accounts were opened', { customerId, currency });
    }
  }

  /** Takes an opening from the client's and the customer's allowance, or answers 429. */
  #spend(request: Request | undefined, customerId: string, log: Logger): void {
    if (!request) return;
    const decision = this.options.limiter?.take(request, customerId, log);
    if (decision && !decision.allowed)
      throw new HttpError(
        'rate_limited',
        `Too many accounts requested. Try again in ${decision.retryAfterSeconds} s.`,
        { headers: { 'retry-after': String(decision.retryAfterSeconds) } },
      );
  }

  /** Lets go of the claim and remembers why the opening failed (not a wait the client caused). */
  async #failed(
    customerId: string,
    currency: string,
    token: string,
    error: unknown,
    log: Logger,
  ): Promise<OpeningFailure | null> {
    const { book, clock } = this.options;
    // a client over its own limit changes nothing for the customer
    const limited = error instanceof HttpError && error.code === 'rate_limited';
    const now = clock.now();
    const retryAt =
      error instanceof ProviderUnavailableError ? now + error.retryAfterSeconds * 1000 : undefined;
    const fields = refusedFields(error);
    const kind = error instanceof NotFoundError ? 'not_found' : fields ? 'refused' : 'unavailable';
    return book
      .failed(
        customerId,
        currency,
        token,
        { at: now, retryAt: retryAt ?? now, kind, ...(fields ? { fields } : {}) },
        (count) =>
          limited ? 0 : fields ? REFUSAL_HOLD_MS : Math.max(openingBackoffMs(count), (retryAt ?? now) - now),
      )
      .catch((e: unknown) => {
        log.error('recording a failed opening failed', { customerId, currency, error: describeError(e) });
        return null;
      });
  }

  /**
   * The customer's accounts in `currency` from the provider: after an opening of the kit's own was
   * started (`attempted`), those its list holds that are no other customer's; else new ones.
   */
  async #fromProvider(
    customerId: string,
    currency: string,
    token: string,
    attempted: boolean,
    given: FundingCustomer | undefined,
    log: Logger,
  ): Promise<FundingAccountRecord[]> {
    const { book, client, provider, clock } = this.options;
    if (attempted) {
      const existing = await provider.call('accounts', () =>
        client.virtualAccounts.list({ customer_id: customerId, currency }),
      );
      const mine = existing.filter((a) => a.meta.currency.toUpperCase() === currency && !a.meta.disabled);
      const owners = await Promise.all(mine.map((a) => book.ownerOf(a.account_number)));
      if (owners.some((owner) => owner !== null && owner !== customerId))
        log.warn('the provider listed accounts of other customers for this one; none is adopted', {
          customerId,
          currency,
        });
      else if (mine.length > 0) return mine.map((entry) => listed(customerId, entry, clock.now()));
    }
    // noted before asking, so that an answer lost in a crash is looked for, not doubled
    await book.attempting(customerId, currency, token);
    const needs = needsFor(currency, given ?? (await this.options.customer?.(customerId)) ?? {});
    const creation = await provider.call('accounts', () =>
      client.virtualAccounts.create({ customer_id: customerId, currency, ...needs }),
    );
    return created(customerId, creation, clock.now());
  }
}
