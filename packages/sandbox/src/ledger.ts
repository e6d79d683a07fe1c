// Money movements shared by several resources: every credit or debit of a business wallet is
// recorded as a transaction in the same step.
import type { Transaction } from '@pay-elements/api';
import { isoZ } from './clock.js';
import type { Services } from './context.js';
import { newId, newReference } from './ids.js';
import { formatMinor } from './money.js';
import type { State, WalletRecord } from './store.js';

export interface Movement {
  entry: 'credit' | 'debit';
  amount: bigint;
  wallet: WalletRecord;
  type: string;
  message: string;
  status?: string;
  ref?: string;
  /** fixed id (fixtures); default a new random one */
  id?: string;
  paymentTransfer?: Record<string, string>;
  /** the customer a credit belongs to (transactions filter by it) */
  customerId?: string;
}

export function walletView(wallet: WalletRecord): Record<string, string> {
  return { id: wallet.id, currency: wallet.currency };
}

/** The transaction a movement is, as the wire shows it, without moving anything. */
export function transactionOf(at: number, movement: Movement): Transaction {
  return {
    id: movement.id ?? newId('txn'),
    ref: movement.ref ?? newReference('TRF'),
    amount: formatMinor(movement.amount),
    fee: '0.00',
    type: movement.type,
    status: movement.status ?? 'success',
    entry: movement.entry,
    message: movement.message,
    created_at: isoZ(at),
    wallet: walletView(movement.wallet),
    payment_transfer: movement.paymentTransfer ?? {},
  };
}

/** Moves the money and records the transaction; answers the transaction as the wire shows it. */
export function move(state: State, at: number, movement: Movement): Transaction {
  const { wallet, amount, entry } = movement;
  wallet.balance += entry === 'credit' ? amount : -amount;
  state.wallets.touch(wallet.id);
  const transaction = transactionOf(at, movement);
  state.transactions.push(
    movement.customerId ? { transaction, customerId: movement.customerId } : { transaction },
  );
  return transaction;
}

/** `move` at the services' current time. */
export function record(services: Services, movement: Movement): Transaction {
  return move(services.state, services.clock.now(), movement);
}
