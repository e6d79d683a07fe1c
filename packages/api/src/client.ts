// The client: options checked once, one transport, one thin class per resource group.
import type { Conventions } from './core/conventions.js';
import { PayError } from './core/error.js';
import { resolveClientOptions, type ClientOptions } from './core/options.js';
import { Transport } from './core/transport.js';
import { resolveConventions } from './internal/resolve-conventions.js';
import { BROWSER_REFUSAL, isBrowserLike } from './internal/env.js';
import { Banks } from './resources/banks.js';
import { Cards } from './resources/cards.js';
import { Customers } from './resources/customers.js';
import { Invoices } from './resources/invoices.js';
import { Links } from './resources/links.js';
import { Payments } from './resources/payments.js';
import { Transactions } from './resources/transactions.js';
import { VirtualAccounts } from './resources/virtual-accounts.js';
import { Wallets } from './resources/wallets.js';

/**
 * A typed client of the Business Payments API, for servers only.
 *
 * ```ts
 * const client = new PayClient({ apiKey: env.PAY_API_KEY, baseUrl: env.PAY_BASE_URL });
 * const banks = await client.banks.list('NG');
 * ```
 */
export class PayClient {
  /** The conventions in force: the defaults with the caller's overrides merged in. */
  readonly conventions: Conventions;
  readonly banks: Banks;
  readonly payments: Payments;
  readonly invoices: Invoices;
  readonly virtualAccounts: VirtualAccounts;
  readonly customers: Customers;
  readonly wallets: Wallets;
  readonly transactions: Transactions;
  readonly links: Links;
  readonly cards: Cards;

  constructor(options: ClientOptions) {
    if (isBrowserLike(globalThis)) throw new PayError(BROWSER_REFUSAL);
    const resolved = resolveClientOptions(options);
    this.conventions = resolveConventions(options.conventions);
    const context = { transport: new Transport(resolved), conventions: this.conventions };
    this.banks = new Banks(context);
    this.payments = new Payments(context);
    this.invoices = new Invoices(context);
    this.virtualAccounts = new VirtualAccounts(context);
    this.customers = new Customers(context);
    this.wallets = new Wallets(context);
    this.transactions = new Transactions(context);
    this.links = new Links(context);
    this.cards = new Cards(context);
  }
}
