// GET /v1/wallets: every business wallet with its balance as a decimal string.
import type { Wallet } from '@pay-elements/api';
import type { Route } from '../context.js';
import { formatMinor } from '../money.js';
import { ok } from '../responses.js';
import type { WalletRecord } from '../store.js';

export function walletWire(wallet: WalletRecord): Wallet {
  return {
    id: wallet.id,
    currency: wallet.currency,
    balance: formatMinor(wallet.balance),
    status: wallet.status,
  };
}

export const walletRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/wallets',
    handle: (ctx) => ok([...ctx.state.wallets.values()].map(walletWire)),
  },
];
