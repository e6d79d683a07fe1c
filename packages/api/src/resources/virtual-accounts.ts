import * as z from 'zod';
import type { RequestOptions } from '../core/options.js';
import { DynamicAccount, PermanentVirtualAccount, VirtualAccountCreation } from '../schemas/resources.js';
import {
  CreateDynamicAccountParams,
  CreateVirtualAccountParams,
  type VirtualAccountListParams,
} from '../schemas/requests.js';
import { parseParams } from '../internal/validation.js';
import { Resource } from './resource.js';

const AccountList = z.array(PermanentVirtualAccount);
const ListFilters = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code')
    .optional(),
  customer_id: z.string().min(1).optional(),
});

export class VirtualAccounts extends Resource {
  /** POST /v1/virtual-accounts/create: permanent accounts for a customer. */
  async create(
    params: CreateVirtualAccountParams,
    options?: RequestOptions,
  ): Promise<VirtualAccountCreation> {
    const body = parseParams(CreateVirtualAccountParams, params);
    return this.json(
      { method: 'POST', path: '/v1/virtual-accounts/create', body },
      VirtualAccountCreation,
      options,
    );
  }

  /**
   * POST /v1/virtual-accounts/dynamic: a single-use account that accepts exactly `amount` until
   * `lifespan_minutes` pass (bounds from `conventions.dynamicAccount`).
   */
  async createDynamic(params: CreateDynamicAccountParams, options?: RequestOptions): Promise<DynamicAccount> {
    const bounds = this.conventions.dynamicAccount;
    const schema = CreateDynamicAccountParams.extend({
      lifespan_minutes: z.number().int().min(bounds.minLifespanMinutes).max(bounds.maxLifespanMinutes),
    });
    const body = parseParams(schema, params);
    return this.json({ method: 'POST', path: '/v1/virtual-accounts/dynamic', body }, DynamicAccount, options);
  }

  /** GET /v1/virtual-accounts, optionally filtered by currency or customer. */
  async list(
    params?: VirtualAccountListParams,
    options?: RequestOptions,
  ): Promise<PermanentVirtualAccount[]> {
    const filters = parseParams(ListFilters, params ?? {});
    const names = this.conventions.query;
    const query: Record<string, string> = {};
    if (filters.currency !== undefined) query[names.currency] = filters.currency;
    if (filters.customer_id !== undefined) query[names.customerId] = filters.customer_id;
    return this.json({ method: 'GET', path: '/v1/virtual-accounts', query }, AccountList, options);
  }
}
