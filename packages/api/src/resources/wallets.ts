import * as z from 'zod';
import type { RequestOptions } from '../core/options.js';
import { Wallet } from '../schemas/resources.js';
import { Resource } from './resource.js';

const WalletList = z.array(Wallet);

export class Wallets extends Resource {
  /** GET /v1/wallets: every currency wallet of the business. */
  async list(options?: RequestOptions): Promise<Wallet[]> {
    return this.json({ method: 'GET', path: '/v1/wallets' }, WalletList, options);
  }
}
