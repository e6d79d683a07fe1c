import * as z from 'zod';
import type { RequestOptions } from '../core/options.js';
import { page, type Page } from '../schemas/common.js';
import { Transaction } from '../schemas/resources.js';
import type { TransactionListParams } from '../schemas/requests.js';
import { listParamsSchema, listQuery, type Query } from '../internal/query.js';
import { parseParams } from '../internal/validation.js';
import { Resource } from './resource.js';

const TransactionPage = page(Transaction);

export class Transactions extends Resource {
  /** GET /v1/transactions: one page, optionally for one customer. */
  async list(params?: TransactionListParams, options?: RequestOptions): Promise<Page<Transaction>> {
    const query = this.query(params);
    return this.json({ method: 'GET', path: '/v1/transactions', query }, TransactionPage, options);
  }

  /** Every transaction, page after page. */
  iterate(params?: TransactionListParams, options?: RequestOptions): AsyncIterable<Transaction> {
    return this.walk(params, (p) => this.list({ ...params, ...p }, options));
  }

  /** GET /v1/transactions with the CSV flag: the export as text, same filters. */
  async exportCsv(params?: TransactionListParams, options?: RequestOptions): Promise<string> {
    const names = this.conventions.query;
    const query = { ...this.query(params), [names.export]: names.exportCsv };
    return this.context.transport.text({ method: 'GET', path: '/v1/transactions', query }, options);
  }

  private query(params: TransactionListParams | undefined): Query {
    const schema = listParamsSchema(this.conventions).extend({ customer_id: z.string().min(1).optional() });
    const { customer_id, ...list } = parseParams(schema, params ?? {});
    const query = listQuery(list, this.conventions);
    if (customer_id !== undefined) query[this.conventions.query.customerId] = customer_id;
    return query;
  }
}
