// POST /v1/virtual-accounts/create (permanent), POST /v1/virtual-accounts/dynamic (single-use),
// GET /v1/virtual-accounts; and the inbound transfers that pay into them.
import {
  CreateDynamicAccountParams,
  CreateVirtualAccountParams,
  defaultConventions,
  type Customer,
  type DynamicAccount,
  type PermanentVirtualAccount,
  type Transaction,
  type VirtualAccountCreation,
} from '@pay-elements/api';
import type * as z from 'zod';
import type { AccountOverviewSchema } from '../control-schemas.js';
import { MINUTE, isoOffset, isoZ } from '../clock.js';
import type { Route, Services } from '../context.js';
import { banksByCountry, findBank } from '../data/banks.js';
import {
  marketByAlpha3,
  marketByCurrency,
  markets,
  usBank,
  type Market,
  type PartnerBank,
} from '../data/countries.js';
import { newAccountNumber, newId, newReference } from '../ids.js';
import { formatMinor, minorToNumber, toMinor, withinLimit } from '../money.js';
import { SandboxFailure, ValidationFailure, messages, ok } from '../responses.js';
import { accountNumberTaken, walletByCurrency, type PermanentAccountRecord } from '../store.js';
import { parseInput, REQUIRED } from '../validate.js';
import { findCustomer } from './customers.js';
import { creditLater, creditNow, type Credit } from './settlements.js';

const query = defaultConventions.query;

export function accountName(services: Services, customer: Customer): string {
  return `${services.state.business.name} - ${customer.first_name} ${customer.last_name}`;
}

/** The market a customer's single-use accounts are in, from their country. */
export function marketOfCustomer(customer: Customer): Market {
  const market = marketByAlpha3(customer.country_code);
  if (!market) throw new SandboxFailure(400, `no virtual accounts for customers in ${customer.country_code}`);
  return market;
}

/** A permanent account entry at `bank`; USD accounts carry routing numbers and a SWIFT-style code. */
export function permanentEntry(
  bank: PartnerBank,
  accountNumber: string,
  name: string,
  currency: string,
  isDefault: boolean,
  id: string,
): PermanentVirtualAccount {
  return {
    recommended: isDefault,
    default: isDefault,
    account_number: accountNumber,
    account_name: name,
    bank_name: bank.name,
    bank_code: bank.code,
    meta: {
      id,
      provider: 1,
      currency,
      account_type: 'individual',
      issued: true,
      disabled: false,
      ach_routing_number: bank.achRoutingNumber,
      rtp_routing_number: bank.rtpRoutingNumber,
      wire_routing_number: bank.wireRoutingNumber,
      swift_code: bank.swiftCode,
      bank_address: bank.bankAddress,
    },
  };
}

/**
 * The issuing bank for each requested code (codes of the market's bank list, `GET /v1/banks/{alpha2}`),
 * default the partner bank. A USD account at any US bank carries that bank's SWIFT code as its
 * `bank_code`, its routing numbers and its address; elsewhere a bank other than the partner carries
 * its list code and no SWIFT code or address (the emulator knows them for the partner banks only).
 */
function issuingBanks(market: Market, codes: readonly string[] | undefined): PartnerBank[] {
  if (!codes?.length) return [market.partnerBank];
  const fields: Record<string, string[]> = {};
  const banks: PartnerBank[] = [];
  codes.forEach((code, i) => {
    // a code named twice opens one account
    if (codes.indexOf(code) !== i) return;
    const bank = findBank(market.alpha2, code);
    if (!bank) {
      fields[`codes.${i}`] = [`is not a bank code of ${market.alpha2}; see GET /v1/banks/${market.alpha2}`];
      return;
    }
    const partner = market.partnerBank;
    if (bank.name === partner.name) banks.push(partner);
    else if (market.alpha2 === 'US') banks.push(usBank(bank.code));
    else banks.push({ name: bank.name, code: bank.code, ...noWireDetails });
  });
  if (Object.keys(fields).length) throw new ValidationFailure(fields);
  return banks;
}

const noWireDetails = {
  swiftCode: '',
  achRoutingNumber: '',
  rtpRoutingNumber: '',
  wireRoutingNumber: '',
  bankAddress: '',
};

function createPermanent(services: Services, body: Record<string, unknown>): VirtualAccountCreation {
  const params = parseInput(CreateVirtualAccountParams, body);
  const customer = findCustomer(services, params.customer_id);
  const market = marketByCurrency(params.currency);
  if (!market)
    throw ValidationFailure.of('currency', `must be one of: ${markets.map((m) => m.currency).join(', ')}`);
  if (market.currency === 'NGN') {
    if (params.id_number === undefined) throw ValidationFailure.of('id_number', REQUIRED);
    if (!/^\d{11}$/.test(params.id_number))
      throw ValidationFailure.of('id_number', 'must be an 11-digit BVN');
  }
  const banks = issuingBanks(market, params.codes);
  const { state } = services;
  const reference = newReference('VA');
  const name = accountName(services, customer);
  const hasDefault = state.permanentAccounts.some(
    (a) => a.customerId === customer.id && a.currency === market.currency && a.entry.default,
  );
  const accounts = banks.map((bank, i) => {
    const number = newAccountNumber((n) => accountNumberTaken(state, n));
    const entry = permanentEntry(bank, number, name, market.currency, !hasDefault && i === 0, newId('va'));
    state.permanentAccounts.push({ customerId: customer.id, reference, currency: market.currency, entry });
    const { meta } = entry;
    return {
      account_number: entry.account_number,
      account_name: entry.account_name,
      bank_name: entry.bank_name,
      bank_code: entry.bank_code,
      ach_routing_number: meta.ach_routing_number,
      rtp_routing_number: meta.rtp_routing_number,
      wire_routing_number: meta.wire_routing_number,
      swift_code: meta.swift_code,
      bank_address: meta.bank_address,
    };
  });
  return {
    customer_id: customer.id,
    reference,
    currency: market.currency,
    email: customer.email,
    first_name: customer.first_name,
    last_name: customer.last_name,
    created_on: isoZ(services.clock.now()),
    accounts,
  };
}

function createDynamic(services: Services, body: Record<string, unknown>): DynamicAccount {
  const params = parseInput(CreateDynamicAccountParams, body);
  const amount = toMinor(params.amount);
  if (amount === null) throw ValidationFailure.of('amount', 'must have at most 2 decimals');
  if (!withinLimit(amount)) throw ValidationFailure.of('amount', 'is too large');
  const customer = findCustomer(services, params.customer_id);
  const market = marketOfCustomer(customer);
  const { state, clock } = services;
  const now = clock.now();
  const expiresAt = now + params.lifespan_minutes * MINUTE;
  const account: DynamicAccount = {
    account_name: accountName(services, customer),
    account_no: newAccountNumber((n) => accountNumberTaken(state, n)),
    amount: minorToNumber(amount),
    currency: market.currency.toLowerCase(),
    bank_name: market.partnerBank.name,
    reference: newReference('DVA'),
    email: customer.email,
    expires_at: isoOffset(expiresAt),
    payment_session_id: '',
    usage: 'integration',
    created_at: isoOffset(now),
    customer_id: customer.id,
  };
  state.dynamicAccounts.set(account.account_no, { account, amount, currency: market.currency, expiresAt });
  return account;
}

function listPermanent(services: Services, url: URL): PermanentVirtualAccount[] {
  const customerId = url.searchParams.get(query.customerId);
  const currency = url.searchParams.get(query.currency)?.toUpperCase();
  if (customerId) findCustomer(services, customerId);
  return services.state.permanentAccounts
    .filter((a) => (!customerId || a.customerId === customerId) && (!currency || a.currency === currency))
    .map((a) => a.entry);
}

/** A virtual account as the dashboard shows it, single-use or permanent, with its state now. */
export type AccountOverview = z.infer<typeof AccountOverviewSchema>;

/** Every virtual account, single-use ones newest first, then the permanent ones. */
export function accountOverview(services: Services): AccountOverview[] {
  const now = services.clock.now();
  const single = [...services.state.dynamicAccounts.values()].reverse().map((d): AccountOverview => ({
    account_number: d.account.account_no,
    account_name: d.account.account_name,
    bank_name: d.account.bank_name,
    kind: 'single_use',
    customer_id: d.account.customer_id,
    currency: d.currency,
    amount: formatMinor(d.amount),
    state: d.paidBy ? 'paid' : now >= d.expiresAt ? 'expired' : 'open',
    reference: d.account.reference,
    expires_at: new Date(d.expiresAt).toISOString(),
    created_at: d.account.created_at,
  }));
  const permanent = services.state.permanentAccounts.map((a): AccountOverview => ({
    account_number: a.entry.account_number,
    account_name: a.entry.account_name,
    bank_name: a.entry.bank_name,
    kind: 'permanent',
    customer_id: a.customerId,
    currency: a.currency,
    amount: null,
    state: 'permanent',
    reference: a.reference,
    expires_at: null,
    created_at: null,
  }));
  return [...single, ...permanent];
}

export interface InboundTransfer {
  account_number: string;
  amount: number;
  sender_account_name?: string | undefined;
  sender_bank_name?: string | undefined;
  /** settles this long after it is sent, on the emulator's clock; default at once */
  settle_after_seconds?: number | undefined;
}

/** The sender's bank when a transfer names none: the first bank of the market's list but the partner. */
function senderBankOf(market: Market): string {
  return banksByCountry[market.alpha2]?.find((b) => b.name !== market.partnerBank.name)?.name ?? '';
}

export const transferMessages = {
  wrongAmount: (expected: bigint) =>
    `amount does not match the account: it accepts exactly ${formatMinor(expected)}`,
  expired: 'account has expired',
  alreadyPaid: 'account has already been paid',
  settling: 'account has a transfer settling',
} as const;

/**
 * An inbound bank transfer to a virtual account. A single-use account takes only its exact amount,
 * only before it expires, and only once; a permanent account takes any amount. The money lands in
 * the business wallet of the account's currency as a credit of the account's customer: now, or
 * with `settle_after_seconds` once that much time has passed (./settlements.ts).
 */
export function receiveTransfer(services: Services, transfer: InboundTransfer): Transaction {
  const { state, clock } = services;
  const amount = toMinor(transfer.amount);
  if (amount === null || amount <= 0n)
    throw ValidationFailure.of('amount', 'must be an amount > 0 with at most 2 decimals');
  if (!withinLimit(amount)) throw ValidationFailure.of('amount', 'is too large');
  const dynamic = state.dynamicAccounts.get(transfer.account_number);
  const permanent: PermanentAccountRecord | undefined = dynamic
    ? undefined
    : state.permanentAccounts.find((a) => a.entry.account_number === transfer.account_number);
  if (!dynamic && !permanent) throw new SandboxFailure(404, messages.accountNotFound);
  if (dynamic) {
    if (dynamic.paidBy) throw new SandboxFailure(400, transferMessages.alreadyPaid);
    if (dynamic.settlingBy) throw new SandboxFailure(400, transferMessages.settling);
    if (clock.now() >= dynamic.expiresAt) throw new SandboxFailure(400, transferMessages.expired);
    if (amount !== dynamic.amount)
      throw new SandboxFailure(400, transferMessages.wrongAmount(dynamic.amount));
  }
  const currency = dynamic?.currency ?? permanent?.currency ?? '';
  const customerId = dynamic?.account.customer_id ?? permanent?.customerId ?? '';
  const reference = dynamic?.account.reference ?? permanent?.reference ?? '';
  const wallet = walletByCurrency(state, currency);
  if (!wallet) throw new SandboxFailure(400, `no business wallet in ${currency}`);
  const sender = transfer.sender_account_name ?? 'Sandbox Sender';
  const market = marketByCurrency(currency);
  const bankCode = permanent?.entry.bank_code ?? market?.partnerBank.code ?? '';
  const credit: Credit = {
    accountNumber: transfer.account_number,
    reference,
    customerId,
    currency,
    amount,
    movement: {
      entry: 'credit',
      amount,
      wallet,
      type: 'transfer',
      message: `Transfer from ${sender}`,
      customerId,
      paymentTransfer: {
        account_number: transfer.account_number,
        account_reference: reference,
        customer_id: customerId,
        sender_account_name: sender,
        sender_bank_name: transfer.sender_bank_name ?? (market ? senderBankOf(market) : ''),
        bank_code: bankCode,
      },
    },
  };
  const later = transfer.settle_after_seconds;
  return later === undefined ? creditNow(services, credit) : creditLater(services, credit, later);
}

export const virtualAccountRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/virtual-accounts/create',
    body: true,
    handle: (ctx) => ok(createPermanent(ctx, ctx.body)),
  },
  {
    method: 'POST',
    path: '/v1/virtual-accounts/dynamic',
    body: true,
    handle: (ctx) => ok(createDynamic(ctx, ctx.body)),
  },
  {
    method: 'GET',
    path: '/v1/virtual-accounts',
    handle: (ctx) => ok(listPermanent(ctx, ctx.url)),
  },
];
