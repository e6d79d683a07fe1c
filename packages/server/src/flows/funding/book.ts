// Customers' own accounts and their deposits as the store keeps them, through its generic records:
// each customer's accounts in a currency, or the claim of the visit opening them and what the last
// failed opening was (`funding.accounts`); which customer each account number belongs to, written once
// so a number is never anyone else's (`funding.numbers`); each deposit once (`funding.deposits`), the
// customer's deposits newest first (`funding.by-customer`), the running totals of all of them
// (`funding.totals`, one record a customer whose version numbers the deposits), and credits still processing that the watcher must read again (`funding.inflight`).
import { decimal } from '@pay-elements/api';
import type { Clock } from '../../clock.js';
import { create, type EventsOf, type Kit } from '../../flow.js';
import type { fundingEvents } from './events.js';
import { claimWork, heldOf, type Claim } from '../../provider/claims.js';
import {
  isJsonObject,
  recordKey,
  textOf,
  textOrNull,
  type Json,
  type RecordPart,
  type RecordWrite,
} from '../../store/contract.js';

/** One of a customer's permanent accounts, as the provider opened it. */
export interface FundingAccountRecord {
  customerId: string;
  /** upper-case ISO 4217 */
  currency: string;
  accountNumber: string;
  accountName: string;
  bankName: string;
  bankCode: string;
  /** the provider's reference of the creation that opened it (transfers into it carry it) */
  reference: string;
  /** ACH, RTP and wire routing numbers (USD accounts), else null */
  routing: { ach: string; rtp: string; wire: string } | null;
  swiftCode: string | null;
  bankAddress: string | null;
  /** ISO 8601 */
  createdAt: string;
}

/** A credit into one of a customer's permanent accounts. */
export interface DepositRecord {
  /** the provider's transaction id: one deposit each */
  id: string;
  customerId: string;
  accountNumber: string;
  /** decimal string, as the provider gave it */
  amount: string;
  /** upper-case ISO 4217 */
  currency: string;
  /** ISO 8601 */
  receivedAt: string;
}

/** What the last failed opening of a customer's accounts was: no new try before `retryAt`. */
export interface OpeningFailure {
  at: number;
  retryAt: number;
  /** failures in a row */
  count: number;
  /**
   * `not_found`: the provider does not know the customer; `refused`: it refused what was sent, naming
   * the fields (`fields`: a BVN missing, say); `unavailable`: anything else
   */
  kind: 'not_found' | 'refused' | 'unavailable';
  fields?: Record<string, string[]>;
}

/** What claiming a customer's accounts in a currency gave. */
export type AccountsClaim =
  | { outcome: 'claimed'; attempted: boolean }
  | { outcome: 'accounts'; accounts: FundingAccountRecord[] }
  | { outcome: 'failed'; failure: OpeningFailure }
  | { outcome: 'busy' };

const ACCOUNTS = 'funding.accounts';
const NUMBERS = 'funding.numbers';
const DEPOSITS = 'funding.deposits';
const BY_CUSTOMER = 'funding.by-customer';
const TOTALS = 'funding.totals';
const INFLIGHT = 'funding.inflight';

/** The change feed's name for a customer: their deposits changed. */
export const CHANGED = 'funding:';

function accountJson(a: FundingAccountRecord): Json {
  return {
    customerId: a.customerId,
    currency: a.currency,
    accountNumber: a.accountNumber,
    accountName: a.accountName,
    bankName: a.bankName,
    bankCode: a.bankCode,
    reference: a.reference,
    routing: a.routing ? { ...a.routing } : null,
    swiftCode: a.swiftCode,
    bankAddress: a.bankAddress,
    createdAt: a.createdAt,
  };
}

function accountOf(value: unknown): FundingAccountRecord | null {
  if (!isJsonObject(value)) return null;
  const routing = isJsonObject(value['routing'])
    ? {
        ach: textOf(value['routing']['ach']),
        rtp: textOf(value['routing']['rtp']),
        wire: textOf(value['routing']['wire']),
      }
    : null;
  const account: FundingAccountRecord = {
    customerId: textOf(value['customerId']),
    currency: textOf(value['currency']),
    accountNumber: textOf(value['accountNumber']),
    accountName: textOf(value['accountName']),
    bankName: textOf(value['bankName']),
    bankCode: textOf(value['bankCode']),
    reference: textOf(value['reference']),
    routing,
    swiftCode: textOrNull(value['swiftCode']),
    bankAddress: textOrNull(value['bankAddress']),
    createdAt: textOf(value['createdAt']),
  };
  return account.accountNumber ? account : null;
}

function accountsOf(value: Json): FundingAccountRecord[] | null {
  if (!isJsonObject(value) || !Array.isArray(value['accounts'])) return null;
  return value['accounts'].flatMap((a) => accountOf(a) ?? []);
}

function fieldsOf(value: Json | undefined): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(isJsonObject(value) ? value : {}))
    if (Array.isArray(messages)) fields[field] = messages.map((m) => textOf(m));
  return fields;
}

function failureOf(value: Json | undefined): OpeningFailure | null {
  if (!isJsonObject(value) || !isJsonObject(value['failure'])) return null;
  const { at, retryAt, count, kind, fields } = value['failure'];
  if (typeof at !== 'number' || typeof retryAt !== 'number' || typeof count !== 'number') return null;
  if (kind === 'refused') return { at, retryAt, count, kind, fields: fieldsOf(fields) };
  return { at, retryAt, count, kind: kind === 'not_found' ? 'not_found' : 'unavailable' };
}

/** A customer's running totals as stored: currency → decimal amount. */
function totalsFrom(value: Json | undefined): Record<string, string> {
  const totals: Record<string, string> = {};
  const held = isJsonObject(value) && isJsonObject(value['totals']) ? value['totals'] : {};
  for (const [currency, amount] of Object.entries(held))
    if (typeof amount === 'string') totals[currency] = amount;
  return totals;
}

function depositJson(d: DepositRecord): Json {
  return { ...d };
}

function depositOf(value: unknown): DepositRecord | null {
  if (!isJsonObject(value)) return null;
  const deposit: DepositRecord = {
    id: textOf(value['id']),
    customerId: textOf(value['customerId']),
    accountNumber: textOf(value['accountNumber']),
    amount: textOf(value['amount']),
    currency: textOf(value['currency']),
    receivedAt: textOf(value['receivedAt']),
  };
  return deposit.id ? deposit : null;
}

function depositEvent(d: DepositRecord, now: number): EventsOf<typeof fundingEvents> {
  return {
    id: `deposit.received.${d.id}`,
    type: 'deposit.received',
    created_at: new Date(now).toISOString(),
    data: {
      deposit_id: d.id,
      customer_id: d.customerId,
      amount: d.amount,
      currency: d.currency,
      account_number: d.accountNumber,
      received_at: d.receivedAt,
    },
  };
}

/** A credit still processing: read again until it settles. */
export interface InflightCredit {
  id: string;
  customerId: string;
  accountNumber: string;
  /** the provider's time of the transaction (ms) */
  createdAt: number;
}

export class FundingBook {
  constructor(
    private readonly records: RecordPart,
    private readonly transition: Kit['transition'],
    private readonly clock: Clock,
    private readonly count: (event: string) => void = () => undefined,
  ) {}

  /**
   * The customer's accounts in `currency`, or the right to open them, or the failure that holds the
   * next try back: exactly one caller gets `claimed` (across processes); the others `busy` until it
   * saves them or lets go. `attempted`: an opening was started before (its answer may have been
   * lost in a crash), so the provider's list may hold what it opened.
   */
  async claimAccounts(
    customerId: string,
    currency: string,
    claim: Claim,
    options: { newInput?: boolean } = {},
  ): Promise<AccountsClaim> {
    const place = { collection: ACCOUNTS, key: recordKey(customerId, currency) };
    const held = await this.records.get(place.collection, place.key);
    const failure = failureOf(held?.value);
    // a refusal of what was sent holds back only the same input: new input (a BVN given) may pass
    const holds = failure !== null && !(failure.kind === 'refused' && options.newInput === true);
    if (failure && holds && claim.now < failure.retryAt && !accountsOf(held?.value ?? null))
      return { outcome: 'failed', failure };
    const claimed = await claimWork(this.records, place, claim, accountsOf, { accounts: null });
    if (claimed.outcome === 'done') return { outcome: 'accounts', accounts: claimed.value };
    if (claimed.outcome === 'busy') return claimed;
    const now = await this.records.get(place.collection, place.key);
    return { outcome: 'claimed', attempted: isJsonObject(now?.value) && now.value['attempted'] === true };
  }

  /** Notes, under the claim, that an opening is being asked of the provider now (for after a crash). */
  async attempting(customerId: string, currency: string, token: string): Promise<void> {
    const key = recordKey(customerId, currency);
    const held = await this.records.get(ACCOUNTS, key);
    if (!held || heldOf(held.value)?.token !== token || !isJsonObject(held.value)) return;
    await this.records.commit({
      writes: [
        { collection: ACCOUNTS, key, value: { ...held.value, attempted: true }, expect: held.version },
      ],
    });
  }

  /**
   * Stores the accounts opened while `token` holds the claim, each number for this customer only:
   * `saved`, `lost` (the claim was taken over), or `taken` with the numbers another customer holds.
   */
  async saveAccounts(
    customerId: string,
    currency: string,
    accounts: FundingAccountRecord[],
    token: string,
  ): Promise<{ outcome: 'saved' } | { outcome: 'lost' } | { outcome: 'taken'; numbers: string[] }> {
    const key = recordKey(customerId, currency);
    const held = await this.records.get(ACCOUNTS, key);
    if (!held || heldOf(held.value)?.token !== token || accountsOf(held.value)) return { outcome: 'lost' };
    const owners = await Promise.all(accounts.map((a) => this.ownerOf(a.accountNumber)));
    const taken = accounts.filter((a, i) => owners[i] !== null && owners[i] !== customerId);
    if (taken.length > 0) return { outcome: 'taken', numbers: taken.map((a) => a.accountNumber) };
    const writes: RecordWrite[] = [
      {
        collection: ACCOUNTS,
        key,
        value: { accounts: accounts.map(accountJson), claim: null },
        expect: held.version,
      },
      ...accounts.flatMap((a, i) =>
        owners[i] === customerId ? [] : [create(NUMBERS, a.accountNumber, { customerId, currency })],
      ),
    ];
    return (await this.records.commit({ writes })) ? { outcome: 'saved' } : { outcome: 'lost' };
  }

  /**
   * Gives up the claim `token` holds (opening failed): the failure is kept, so that visits answer it
   * without asking the provider again until `retryAt`.
   */
  async failed(
    customerId: string,
    currency: string,
    token: string,
    failure: Omit<OpeningFailure, 'count'>,
    backoff: (count: number) => number,
  ): Promise<OpeningFailure | null> {
    const key = recordKey(customerId, currency);
    const held = await this.records.get(ACCOUNTS, key);
    if (!held || heldOf(held.value)?.token !== token || accountsOf(held.value) || !isJsonObject(held.value))
      return null;
    const count = (failureOf(held.value)?.count ?? 0) + 1;
    const kept: OpeningFailure = { ...failure, count, retryAt: failure.at + backoff(count) };
    const stored = { ...kept, ...(kept.fields ? { fields: { ...kept.fields } } : {}) };
    await this.records.commit({
      writes: [
        {
          collection: ACCOUNTS,
          key,
          value: { ...held.value, claim: null, failure: stored },
          expect: held.version,
        },
      ],
    });
    return kept;
  }

  /** Gives up the claim `token` holds with nothing remembered: the provider was not at fault. */
  async release(customerId: string, currency: string, token: string): Promise<void> {
    const key = recordKey(customerId, currency);
    const held = await this.records.get(ACCOUNTS, key);
    if (!held || heldOf(held.value)?.token !== token || accountsOf(held.value) || !isJsonObject(held.value))
      return;
    await this.records.commit({
      writes: [{ collection: ACCOUNTS, key, value: { ...held.value, claim: null }, expect: held.version }],
    });
  }

  /** The customer's accounts, every currency. */
  async accountsOf(customerId: string): Promise<FundingAccountRecord[]> {
    const held = await this.records.list(ACCOUNTS, { prefix: `${recordKey(customerId)}/`, limit: 1000 });
    return held.flatMap((r) => accountsOf(r.value) ?? []);
  }

  /** The customer an account number belongs to, or null. */
  async ownerOf(accountNumber: string): Promise<string | null> {
    const held = await this.records.get(NUMBERS, accountNumber);
    return isJsonObject(held?.value) ? textOrNull(held.value['customerId']) : null;
  }

  /** The account with this number, whoever's it is. */
  async findAccount(accountNumber: string): Promise<FundingAccountRecord | null> {
    const held = await this.records.get(NUMBERS, accountNumber);
    if (!isJsonObject(held?.value)) return null;
    const customerId = textOf(held.value['customerId']);
    const currency = textOf(held.value['currency']);
    const accounts = await this.records.get(ACCOUNTS, recordKey(customerId, currency));
    return (accountsOf(accounts?.value ?? null) ?? []).find((a) => a.accountNumber === accountNumber) ?? null;
  }

  /** Whether any customer has accounts (the watcher reads deposits only then). */
  async hasAccounts(): Promise<boolean> {
    return (await this.records.list(NUMBERS, { limit: 1 })).length > 0;
  }

  /**
   * Records a deposit once: the deposit for the call that recorded it (its id is new), else null. In
   * the same commit its onDeposit and `deposit.received` event are owed, the customer's total in its
   * currency grows, and the change is announced.
   */
  async recordDeposit(deposit: DepositRecord): Promise<DepositRecord | null> {
    for (;;) {
      if (await this.records.get(DEPOSITS, deposit.id)) return null;
      const held = await this.records.get(TOTALS, deposit.customerId);
      const totals = totalsFrom(held?.value);
      totals[deposit.currency] = decimal.format(decimal.add(totals[deposit.currency] ?? '0', deposit.amount));
      // the customer's deposits in the order they were recorded: ties of time listed latest first
      const sequence = String(held?.version ?? 0).padStart(12, '0');
      const done = await this.transition({
        writes: [
          create(DEPOSITS, deposit.id, depositJson(deposit)),
          create(
            BY_CUSTOMER,
            recordKey(deposit.customerId, deposit.receivedAt, sequence),
            depositJson(deposit),
          ),
          { collection: TOTALS, key: deposit.customerId, value: { totals }, expect: held?.version ?? 0 },
          { collection: INFLIGHT, key: deposit.id, value: null },
        ],
        announce: [`${CHANGED}${deposit.customerId}`],
        events: [depositEvent(deposit, this.clock.now())],
        callbacks: [{ topic: 'deposit', id: deposit.id }],
      });
      if (done) {
        this.count('deposit');
        return deposit;
      }
      // another deposit of the customer moved the totals, or this one was recorded meanwhile
    }
  }

  async getDeposit(id: string): Promise<DepositRecord | null> {
    return depositOf((await this.records.get(DEPOSITS, id))?.value);
  }

  /** The customer's latest deposits, newest first, at most `limit`. */
  async depositsOf(customerId: string, limit: number): Promise<DepositRecord[]> {
    const held = await this.records.list(BY_CUSTOMER, {
      prefix: `${recordKey(customerId)}/`,
      limit,
      reverse: true,
    });
    return held.flatMap((r) => depositOf(r.value) ?? []);
  }

  /** What every deposit of the customer adds up to, one per currency. */
  async totalsOf(customerId: string): Promise<{ currency: string; amount: string }[]> {
    const totals = totalsFrom((await this.records.get(TOTALS, customerId))?.value);
    return Object.entries(totals).map(([currency, amount]) => ({ currency, amount }));
  }

  /** A credit into a customer's account that is still processing: kept until it settles. */
  async inflight(credit: InflightCredit): Promise<void> {
    await this.records.commit({ writes: [{ collection: INFLIGHT, key: credit.id, value: { ...credit } }] });
  }

  /** A credit kept as processing settled another way (failed): no longer read again. */
  async settled(id: string): Promise<void> {
    await this.records.commit({ writes: [{ collection: INFLIGHT, key: id, value: null }] });
  }

  /** The credits still processing, to read again. */
  async listInflight(limit: number): Promise<InflightCredit[]> {
    const held = await this.records.list(INFLIGHT, { limit });
    return held.flatMap((r) => {
      const v = r.value;
      if (!isJsonObject(v) || typeof v['createdAt'] !== 'number') return [];
      return [
        {
          id: textOf(v['id']),
          customerId: textOf(v['customerId']),
          accountNumber: textOf(v['accountNumber']),
          createdAt: v['createdAt'],
        },
      ];
    });
  }
}
