// The customers' accounts flow: each customer's own permanent accounts (opened once per currency,
// shown by a token the merchant signs for the customer, `pay.fundingToken(customerId)`), every credit
// into them recorded once as a deposit (from a webhook or the watcher; one still processing read
// again until it settles), onDeposit owed in the outbox, and the `deposit.received` event.
import * as z from 'zod';
import type { Transaction } from '@pay-elements/api';
import { PayError } from '../../errors.js';
import type { CreditCheck, CreditContext, CreditOutcome, Flow } from '../../flow.js';
import { count, fn, perMinute } from '../../options.js';
import { RequestLimiter } from '../../provider/rate-limit.js';
import { ViewHub } from '../../streams/view-hub.js';
import { FundingAccounts, type FundingCustomer } from './accounts.js';
import { CHANGED, FundingBook, type DepositRecord, type FundingAccountRecord } from './book.js';
import { DepositBook } from './deposits.js';
import { FundingViews, fundingRoutes } from './routes.js';
import type { StableFundingView } from './view.js';
import { fundingEvents } from './events.js';

/** What the customers' accounts flow adds to the handler. */
export interface FundingApi {
  /**
   * A customer's handle for a browser (`funding` on): `GET {basePath}/funding/{token}`,
   * `<pay-funding-account token="{token}">`, a hosted page's URL. Signed for that customer only, it
   * opens the page until `expiresInSeconds` (default the `funding.tokenTtlSeconds` option) pass.
   */
  fundingToken(customerId: string, options?: { expiresInSeconds?: number }): string;
  /**
   * The customer's accounts in every currency offered, opening those missing now with `needs` (the
   * BVN, sent with the NGN opening only: used for it, never kept) instead of `funding.customer`'s;
   * `currencies`: open only those. A refusal of what was sent is an HttpError `invalid_request`
   * naming the fields (`id_number`).
   */
  fundingAccounts(
    customerId: string,
    needs?: FundingCustomer,
    options?: { currencies?: readonly string[] },
  ): Promise<FundingAccountRecord[]>;
}

/** How many credits still processing one check reads again at most. */
const INFLIGHT_LIMIT = 1000;
/** How far before a processing credit's time the check that reads it again reaches. */
const INFLIGHT_SLACK_MS = 60 * 60 * 1000;

const fundingOptions = {
  onDeposit: fn<(deposit: DepositRecord) => void | Promise<void>>('deposit → void')
    .optional()
    .describe(
      "`(deposit)`: called once per deposit into a customer's own accounts (`funding`), whether a webhook or the watcher brought it, after it is recorded: credit the customer's balance here, by `deposit.id` (see *Customers' own accounts*).",
    ),
  funding: z
    .strictObject(
      {
        currencies: z
          .array(z.string().regex(/^[A-Za-z]{3}$/, { error: 'each must be a three-letter currency code' }), {
            error: 'must be an array of currency codes such as ["NGN", "USD"]',
          })
          .min(1, { error: 'must name at least one currency' })
          .transform((codes) => [...new Set(codes.map((c) => c.toUpperCase()))])
          .describe(
            'The currencies a customer gets an account in, each opened at the first visit: `["NGN", "USD"]`.',
          ),
        customer: fn<(customerId: string) => FundingCustomer | Promise<FundingCustomer>>(
          'customerId → {id_number?, codes?}',
        )
          .optional()
          .describe(
            "`(customerId)` → `{id_number?, codes?}`: what opening the customer's accounts needs, the customer's BVN for NGN (`id_number`) and the banks to open them at (`codes`, one account each).",
          ),
        recentDeposits: count()
          .max(500, { error: 'must be at most 500' })
          .default(20)
          .describe('How many of the latest deposits the funding view lists.'),
        openingRateLimit: z
          .union(
            [
              z.literal(false),
              z.strictObject({
                perClientPerMinute: perMinute(10).describe(
                  "Openings of customers' accounts one client may cause a minute (also the burst).",
                ),
                perCustomerPerMinute: perMinute(3).describe(
                  "Openings of one customer's accounts a minute (also the burst).",
                ),
              }),
            ],
            {
              error: 'must be false or an object such as { perClientPerMinute: 10, perCustomerPerMinute: 3 }',
            },
          )
          .default({ perClientPerMinute: 10, perCustomerPerMinute: 3 })
          .describe(
            "Openings of customers' accounts a client, and a customer, may cause a minute; past it 429 with `Retry-After`. `false` turns it off (tests).",
          ),
        tokenTtlSeconds: count()
          .max(366 * 24 * 3600, { error: 'must be at most a year (31622400)' })
          .default(24 * 3600)
          .describe(
            'How long a funding token made by `pay.fundingToken(customerId)` opens the page, in seconds.',
          ),
      },
      { error: 'must be an object such as { currencies: ["NGN", "USD"] }' },
    )
    .optional()
    .meta({
      description:
        "Customers' own permanent accounts (`GET /funding/{token}`): which currencies, and what opening them needs. Off unless given.",
      default: 'off',
    }),
};

export type FundingOptions = NonNullable<z.input<z.ZodObject<typeof fundingOptions>>['funding']>;

/** A credit into one of a customer's accounts (found by its number): a deposit, or one in flight. */
async function creditOf(
  book: FundingBook,
  deposits: DepositBook,
  transaction: Transaction,
  context: CreditContext,
): Promise<CreditOutcome> {
  const number = context.account?.number ?? transaction.payment_transfer.account_number;
  const account = number === undefined ? null : await book.findAccount(number);
  return account ? deposits.record(account, transaction, context.log) : 'not-mine';
}

/** What a check reads for customers' accounts: what is new, and back to each credit still processing. */
async function watchOf(book: FundingBook, startedAt: number): Promise<CreditCheck | null> {
  if (!(await book.hasAccounts())) return null;
  const inflight = await book.listInflight(INFLIGHT_LIMIT);
  return {
    oldest: startedAt - INFLIGHT_SLACK_MS,
    // a credit still processing is read again, however far behind the watermark it falls
    closing: inflight.map((c) => ({
      before: c.createdAt - INFLIGHT_SLACK_MS,
      found: (transaction: Transaction) => transaction.id === c.id,
    })),
  };
}

export const funding: Flow<typeof fundingOptions, FundingApi, typeof fundingEvents> = {
  name: 'funding',
  about:
    "customers' own accounts, opened once per customer and currency; every credit into them a deposit once; `onDeposit`; `pay.fundingToken`, `pay.fundingAccounts`",
  methods:
    "`fundingToken(customerId, {expiresInSeconds?})`; `fundingAccounts(customerId, {id_number?, codes?}?, {currencies?}?)`: the customer's accounts, opened now if missing, in `currencies` only when given (the BVN given is sent with the NGN opening only, never kept; a refusal is an `HttpError` `invalid_request` naming the field)",
  options: fundingOptions,
  events: fundingEvents,
  // 0.1.0's name of the deposit counter (CHANGELOG.md: removed in 0.3.0)
  deprecatedCounters: { deposit: 'pay_deposits_total' },
  start(kit, options) {
    const settings = options.funding;
    const off = (name: string) => () => {
      throw new PayError(`${name}: the kit has no funding option`);
    };
    if (!settings)
      return { api: { fundingToken: off('fundingToken'), fundingAccounts: off('fundingAccounts') } };
    const { clock, logger } = kit;
    const book = new FundingBook(kit.store.records, kit.transition, clock, kit.count);
    const deposits = new DepositBook(book, clock);
    const accounts = new FundingAccounts({
      book,
      client: kit.client,
      provider: kit.provider,
      clock,
      currencies: settings.currencies,
      customer: settings.customer,
      limiter: settings.openingRateLimit
        ? new RequestLimiter({
            clock,
            logger,
            perClientPerMinute: settings.openingRateLimit.perClientPerMinute,
            perSubjectPerMinute: settings.openingRateLimit.perCustomerPerMinute,
            maxKeys: 10_000,
            clientKey: kit.clientKey,
            what: "customers' account openings",
          })
        : null,
      claimTimeoutMs: kit.claims.timeoutMs,
      claimLeaseMs: kit.claims.leaseMs,
    });
    const views = new FundingViews({
      book,
      accounts,
      tokens: kit.tokens,
      clock,
      logger,
      recentDeposits: settings.recentDeposits,
    });
    const hub = new ViewHub<StableFundingView>({
      event: 'funding',
      viewOf: (customerId) => views.viewOf(customerId),
      // the watcher's merchant-wide check, when due, finds deposits whose webhook did not come
      beforeCheck: () => kit.provider.poll(),
      logger,
      streams: kit.streams.config,
      checkIntervalMs: Math.max(kit.provider.intervalMs, 1000),
    });
    // a deposit recorded by this instance or (PostgreSQL) another reaches the streams held here at once
    const unsubscribe = kit.changes(CHANGED, (customerId) => hub.changed(customerId));

    const { onDeposit } = options;
    return {
      routes: fundingRoutes({
        views,
        hub: kit.streams.config.enabled ? hub : null,
        streams: kit.streams,
        maxBodyBytes: kit.maxBodyBytes,
      }),
      credit: (transaction, context) => creditOf(book, deposits, transaction, context),
      watch: (startedAt) => watchOf(book, startedAt),
      deliveries: {
        deposit: {
          names: { callback: 'onDeposit', id: 'depositId' },
          async deliver(id) {
            const deposit: DepositRecord | null = await book.getDeposit(id);
            if (deposit && onDeposit) await onDeposit(deposit);
          },
        },
      },
      api: {
        fundingToken(customerId, { expiresInSeconds } = {}) {
          const ttl = expiresInSeconds ?? settings.tokenTtlSeconds;
          return kit.tokens.sign(customerId, clock.now() + ttl * 1000);
        },
        fundingAccounts: (customerId, needs, { currencies } = {}) =>
          accounts.accountsOf(customerId, logger, { needs, currencies }),
      },
      drain: () => hub.close(),
      close: () => {
        unsubscribe();
        return Promise.resolve();
      },
    };
  },
};
