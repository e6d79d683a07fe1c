// Cards: withdraw, reveal (rate-limited per card on the emulator's clock), freeze, unfreeze, events.
// Cards are issued through the control API or the fixtures.
import { CardWithdrawParams, type CardEvent, type CardWithdrawal } from '@pay-elements/api';
import { MINUTE, isoZ } from '../clock.js';
import { param, type RequestContext, type Route, type Services } from '../context.js';
import { newCardNumber, newId, newReference, randomDigits } from '../ids.js';
import { record } from '../ledger.js';
import { paginate } from '../list.js';
import { formatMinor, toMinor } from '../money.js';
import { SandboxFailure, ValidationFailure, messages, ok } from '../responses.js';
import { walletByCurrency, type CardRecord } from '../store.js';
import { parseInput } from '../validate.js';
import { findCustomer } from './customers.js';

export const cardEventFields = [
  'event_id',
  'amount',
  'merchant_name',
  'created_at',
  'description',
  'type',
  'currency',
  'status',
] as const satisfies readonly (keyof CardEvent)[];

/** What the control API answers for a card (the spec shows no card record). */
export interface CardView {
  card_id: string;
  customer_id: string;
  currency: string;
  balance: string;
  status: 'active' | 'frozen';
  masked_pan: string;
  expiry_month: number;
  expiry_year: number;
  created_at: string;
}

export function cardView(card: CardRecord): CardView {
  return {
    card_id: card.id,
    customer_id: card.customerId,
    currency: card.currency,
    balance: formatMinor(card.balance),
    status: card.frozen ? 'frozen' : 'active',
    masked_pan: `${card.number.slice(0, 6)}******${card.number.slice(-4)}`,
    expiry_month: card.expiryMonth,
    expiry_year: card.expiryYear,
    created_at: isoZ(card.createdAt),
  };
}

export interface NewCard {
  customer_id: string;
  currency: string;
  /** funding, in major units; default DEFAULT_CARD_BALANCE */
  balance?: number | undefined;
}

/** What a card issued without a `balance` is funded with, in major units of its currency. */
export const DEFAULT_CARD_BALANCE = 1000;

/** The `create_card` event every card starts with. */
export function creationEvent(card: CardRecord, merchant: string): CardEvent {
  return {
    event_id: newReference('EVT'),
    amount: formatMinor(card.balance),
    merchant_name: merchant,
    created_at: isoZ(card.createdAt),
    description: 'Card created and funded',
    type: 'create_card',
    currency: card.currency,
    status: 'success',
    meta: {},
  };
}

/** Issues a funded card (the funding comes from outside the business wallets). */
export function issueCard(services: Services, input: NewCard): CardRecord {
  const customer = findCustomer(services, input.customer_id);
  const { state, clock } = services;
  if (!walletByCurrency(state, input.currency))
    throw ValidationFailure.of(
      'currency',
      `must be the currency of a business wallet: ${[...state.wallets.values()].map((w) => w.currency).join(', ')}`,
    );
  const balance = toMinor(input.balance ?? DEFAULT_CARD_BALANCE);
  if (balance === null || balance < 0n)
    throw ValidationFailure.of('balance', 'must be an amount ≥ 0 with at most 2 decimals');
  const now = clock.now();
  const card: CardRecord = {
    id: newId('crd'),
    customerId: customer.id,
    currency: input.currency.toLowerCase(),
    balance,
    frozen: false,
    number: newCardNumber(),
    cvv: randomDigits(3),
    expiryMonth: new Date(now).getUTCMonth() + 1,
    expiryYear: new Date(now).getUTCFullYear() + 3,
    createdAt: now,
    events: [],
    reveals: [],
  };
  card.events.push(creationEvent(card, state.business.name));
  state.cards.set(card.id, card);
  return card;
}

function findCard(ctx: RequestContext, message: string): CardRecord {
  const card = ctx.state.cards.get(param(ctx, 'card_id'));
  if (!card) throw new SandboxFailure(404, message);
  return card;
}

function withdraw(ctx: RequestContext): CardWithdrawal {
  const card = findCard(ctx, messages.cardNotFoundWithdraw);
  const params = parseInput(CardWithdrawParams, ctx.body);
  if (params.currency.toLowerCase() !== card.currency)
    throw ValidationFailure.of('currency', `must be ${card.currency}, the card's currency`);
  const amount = toMinor(params.amount);
  if (amount === null) throw ValidationFailure.of('amount', 'must have at most 2 decimals');
  if (amount > card.balance) throw new SandboxFailure(400, messages.insufficientCardBalance);
  const wallet = walletByCurrency(ctx.state, card.currency);
  if (!wallet) throw new SandboxFailure(400, `no business wallet in ${card.currency.toUpperCase()}`);
  const customer = findCustomer(ctx, card.customerId);
  const reference = newReference('WDR');
  card.balance -= amount;
  ctx.state.cards.touch(card.id);
  record(ctx, {
    entry: 'credit',
    amount,
    wallet,
    type: 'card_withdrawal',
    message: `Withdrawal from card ${card.number.slice(-4)}`,
    ref: reference,
    paymentTransfer: { card_id: card.id },
  });
  const now = ctx.clock.now();
  card.events.push({
    event_id: reference,
    amount: formatMinor(amount),
    merchant_name: ctx.state.business.name,
    created_at: isoZ(now),
    description: 'Withdrawal to business wallet',
    type: 'withdraw_card',
    currency: card.currency,
    status: 'processing',
    meta: {},
  });
  ctx.emit({
    type: 'card.withdrawn',
    data: {
      card_id: card.id,
      transaction_reference: reference,
      amount: formatMinor(amount),
      currency: card.currency,
    },
  });
  return {
    customer: {
      id: customer.id,
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
    },
    card_id: card.id,
    transaction_reference: reference,
    transaction_status: 'processing',
    currency: card.currency,
    amount: formatMinor(amount),
  };
}

function reveal(ctx: RequestContext): Response {
  const card = findCard(ctx, messages.cardNotFound);
  const now = ctx.clock.now();
  card.reveals = card.reveals.filter((t) => now - t < MINUTE);
  ctx.state.cards.touch(card.id);
  const oldest = card.reveals[0];
  if (card.reveals.length >= ctx.config.revealLimit && oldest !== undefined) {
    const retryAfter = Math.max(1, Math.ceil((oldest + MINUTE - now) / 1000));
    throw new SandboxFailure(429, messages.rateLimited, { 'retry-after': String(retryAfter) });
  }
  card.reveals.push(now);
  return ok({ number: card.number, cvv: card.cvv });
}

export const cardRoutes: Route[] = [
  { method: 'POST', path: '/v1/cards/:card_id/withdraw', body: true, handle: (ctx) => ok(withdraw(ctx)) },
  { method: 'GET', path: '/v1/cards/:card_id/reveal', handle: reveal },
  {
    method: 'PUT',
    path: '/v1/cards/:card_id/freeze',
    handle: (ctx) => {
      const card = findCard(ctx, messages.cardNotFound);
      card.frozen = true;
      ctx.state.cards.touch(card.id);
      return ok({});
    },
  },
  {
    method: 'PUT',
    path: '/v1/cards/:card_id/unfreeze',
    handle: (ctx) => {
      const card = findCard(ctx, messages.cardNotFound);
      if (!card.frozen) throw new SandboxFailure(400, messages.cardNotFrozen);
      card.frozen = false;
      ctx.state.cards.touch(card.id);
      return ok({});
    },
  },
  {
    method: 'GET',
    path: '/v1/cards/:card_id/events',
    handle: (ctx) =>
      ok(paginate(findCard(ctx, messages.cardNotFound).events, ctx.url, { fields: cardEventFields })),
  },
];
