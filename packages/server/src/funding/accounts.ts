// A customer's own permanent accounts, one set per currency the merchant offers, opened at the
// provider once however many first visits race: the caller holding the store's claim on the customer
// and currency opens them (renewing its claim meanwhile), the others wait for them; in one process,
// visits for the same customer share one opening. The provider's list is asked first: accounts it
// already holds for the customer (opened before the kit knew, or whose creation's answer was lost in
// a crash) are adopted, never doubled.
import {
  NotFoundError,
  type PayClient,
  type PermanentVirtualAccount,
  type VirtualAccountCreation,
} from '@pay-elements/api';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import { describeError, type Logger } from '../log.js';
import type { FundingCustomer } from '../options.js';
import { holdingLease } from '../provider/accounts.js';
import type { CircuitBreaker } from '../provider/breaker.js';
import { SingleFlight } from '../provider/cache.js';
import { claimNow, newClaimToken, waitForClaim } from '../provider/claims.js';
import type { PaymentWatcher } from '../provider/watcher.js';
import type { FundingAccountRecord, FundingPart } from '../store/parts.js';

export interface FundingAccountsOptions {
  funding: FundingPart;
  client: PayClient;
  watcher: PaymentWatcher;
  breaker: CircuitBreaker;
  clock: Clock;
  /** the currencies each customer gets accounts in, upper-case, in the order they are shown */
  currencies: readonly string[];
  /** what opening a customer's accounts needs (the BVN for NGN, the banks) */
  customer: ((customerId: string) => FundingCustomer | Promise<FundingCustomer>) | undefined;
  /** how long a visit waits for another opening the same accounts (real time), ms */
  claimTimeoutMs: number;
  /** a claim not renewed for this long (on the clock) is stale, ms */
  claimLeaseMs: number;
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

export class FundingAccounts {
  readonly #opening = new SingleFlight<string, FundingAccountRecord[]>();

  constructor(private readonly options: FundingAccountsOptions) {}

  /** The customer's accounts in every currency offered, opening those it has not got yet. */
  async accountsOf(customerId: string, log: Logger): Promise<FundingAccountRecord[]> {
    const { funding, currencies } = this.options;
    const stored = await funding.accountsOf(customerId);
    const missing = currencies.filter((currency) => !stored.some((a) => a.currency === currency));
    const opened = await Promise.all(
      missing.map((currency) =>
        this.#opening.run(`${customerId}\u0000${currency}`, () => this.#open(customerId, currency, log)),
      ),
    );
    const all = [...stored, ...opened.flat()];
    // in the merchant's order of currencies, each currency's accounts as the provider gave them
    return currencies.flatMap((currency) => all.filter((a) => a.currency === currency));
  }

  /** Claims the customer's accounts in `currency` and opens them, or answers those another opened. */
  async #open(customerId: string, currency: string, log: Logger): Promise<FundingAccountRecord[]> {
    const { funding, clock, claimLeaseMs, claimTimeoutMs } = this.options;
    const token = newClaimToken();
    const startedAt = Date.now();
    for (let look = 0; ; look++) {
      const claimed = await funding.claimAccounts(customerId, currency, claimNow(clock, token, claimLeaseMs));
      if (claimed.outcome === 'accounts') return claimed.accounts;
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
        accounts = await holdingLease(
          () => funding.claimAccounts(customerId, currency, claimNow(clock, token, claimLeaseMs)),
          claimLeaseMs / 3,
          () => this.#fromProvider(customerId, currency),
        );
      } catch (error) {
        await funding
          .releaseAccounts(customerId, currency, token)
          .catch((e: unknown) =>
            log.error('releasing a funding claim failed', { customerId, currency, error: describeError(e) }),
          );
        throw error;
      }
      if (await funding.saveAccounts(customerId, currency, accounts, token)) {
        log.info('customer accounts opened', { customerId, currency, accounts: accounts.length });
        return accounts;
      }
      log.warn('the funding claim was taken over while its accounts were opened', { customerId, currency });
    }
  }

  /** The customer's accounts in `currency` at the provider: those it has, else new ones. */
  async #fromProvider(customerId: string, currency: string): Promise<FundingAccountRecord[]> {
    const { client, watcher, breaker, clock } = this.options;
    const ask = <T>(call: () => Promise<T>) => watcher.providerCall('accounts', () => breaker.run(call));
    try {
      const existing = await ask(() => client.virtualAccounts.list({ customer_id: customerId, currency }));
      const mine = existing.filter((a) => a.meta.currency.toUpperCase() === currency && !a.meta.disabled);
      if (mine.length > 0) return mine.map((entry) => listed(customerId, entry, clock.now()));
      const needs = (await this.options.customer?.(customerId)) ?? {};
      const creation = await ask(() =>
        client.virtualAccounts.create({ customer_id: customerId, currency, ...needs }),
      );
      return created(customerId, creation, clock.now());
    } catch (error) {
      if (error instanceof NotFoundError) throw new HttpError('not_found', 'No such customer.');
      throw error;
    }
  }
}
