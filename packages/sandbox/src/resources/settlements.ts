// Inbound transfers that settle late (`POST /_sandbox/transfers` with `settle_after_seconds`), as a
// bank's do: listed `processing` at once, credited (the wallet, the account paid, the webhook) once
// that much time has passed on the emulator's clock. Moving the clock settles them; on a running
// emulator real time does too (a timer, ../sandbox.ts). They live in the state's `settlements` table,
// so the state file keeps them.
//
// Where the spec is silent (it names `processing` and `success` and no transition between them):
// - the money reaches the wallet at settlement, not before; the transaction keeps its id, `ref` and
//   `created_at` (when it was sent) and becomes `success`;
// - a single-use account takes a transfer only before it expires, as always, but one sent in time
//   still pays it when it settles after the expiry (the bank took it in time);
// - while a transfer to a single-use account settles, the account takes no other (400 "account has a
//   transfer settling"): it accepts one payment, and that one is on its way.
import type { Transaction } from '@pay-elements/api';
import type { Services } from '../context.js';
import { move, transactionOf, type Movement } from '../ledger.js';
import { walletByCurrency, type SettlementRecord } from '../store.js';

/** A credit to a virtual account, checked and ready to land now or later. */
export interface Credit {
  accountNumber: string;
  reference: string;
  customerId: string;
  /** upper-case */
  currency: string;
  amount: bigint;
  movement: Movement;
}

/** The credit lands: marks a single-use account paid and sends its webhook. */
function announce(services: Services, credit: Credit, transaction: Transaction): void {
  const dynamic = services.state.dynamicAccounts.get(credit.accountNumber);
  if (dynamic) {
    dynamic.paidBy = transaction.id;
    delete dynamic.settlingBy;
    services.state.dynamicAccounts.touch(credit.accountNumber);
  }
  services.emit({
    type: 'virtual_account.credited',
    data: {
      transaction,
      account_number: credit.accountNumber,
      account_reference: credit.reference,
      customer_id: credit.customerId,
      amount: transaction.amount,
      currency: credit.currency,
    },
  });
}

/** Credits the wallet now and announces it: an immediate transfer. */
export function creditNow(services: Services, credit: Credit): Transaction {
  const transaction = move(services.state, services.clock.now(), credit.movement);
  announce(services, credit, transaction);
  return transaction;
}

/** Holds the credit until `seconds` from now; answers the transaction as listed meanwhile. */
export function creditLater(services: Services, credit: Credit, seconds: number): Transaction {
  const { state, clock } = services;
  const now = clock.now();
  const transaction = transactionOf(now, { ...credit.movement, status: 'processing' });
  const record: SettlementRecord = {
    transaction,
    customerId: credit.customerId,
    accountNumber: credit.accountNumber,
    reference: credit.reference,
    currency: credit.currency,
    amount: credit.amount,
    settleAt: now + seconds * 1000,
  };
  state.settlements.set(transaction.id, record);
  const dynamic = state.dynamicAccounts.get(credit.accountNumber);
  if (dynamic) {
    dynamic.settlingBy = transaction.id;
    state.dynamicAccounts.touch(credit.accountNumber);
  }
  return transaction;
}

/**
 * Settles every transfer due on the emulator's clock, oldest first; answers when the next one is due
 * (epoch ms), or null when none is left.
 */
export function settleDue(services: Services): number | null {
  const { state, clock } = services;
  const now = clock.now();
  let next: number | null = null;
  const due = [...state.settlements.values()]
    .filter((r) => {
      if (r.settleAt <= now) return true;
      next = Math.min(next ?? Infinity, r.settleAt);
      return false;
    })
    .sort((a, b) => a.settleAt - b.settleAt);
  for (const record of due) {
    state.settlements.delete(record.transaction.id);
    const wallet = walletByCurrency(state, record.currency);
    // a wallet cannot go away; a state file edited by hand could lose it
    if (!wallet) continue;
    const { transaction } = record;
    const credit: Credit = {
      accountNumber: record.accountNumber,
      reference: record.reference,
      customerId: record.customerId,
      currency: record.currency,
      amount: record.amount,
      movement: {
        entry: 'credit',
        amount: record.amount,
        wallet,
        type: transaction.type,
        message: transaction.message,
        id: transaction.id,
        ref: transaction.ref,
        customerId: record.customerId,
        paymentTransfer: transaction.payment_transfer as Record<string, string>,
      },
    };
    announce(services, credit, move(state, Date.parse(transaction.created_at), credit.movement));
  }
  return next;
}

/** The transfers still settling, as the transaction list shows them (`processing`). */
export function settlingTransactions(services: Services): { transaction: Transaction; customerId: string }[] {
  return [...services.state.settlements.values()].map((r) => ({
    transaction: r.transaction,
    customerId: r.customerId,
  }));
}

/** The longest the timer sleeps before looking again, so that a clock moved from outside is noticed. */
const WAKE_MS = 1_000;

/** Settles what is due now, and keeps a timer for the next one on a running emulator. */
export class Settler {
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly services: () => Services,
    /** saves what a timer's settlement changed */
    private readonly persist: () => void,
  ) {}

  settle(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#closed) return;
    const services = this.services();
    const next = settleDue(services);
    if (next === null) return;
    this.#timer = setTimeout(
      () => {
        this.settle();
        this.persist();
      },
      Math.min(WAKE_MS, Math.max(0, next - services.clock.now())),
    );
    this.#timer.unref();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }
}
