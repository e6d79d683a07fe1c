import type { RequestOptions } from '../core/options.js';
import { page, type Page } from '../schemas/common.js';
import { Customer } from '../schemas/resources.js';
import type { ListParams } from '../schemas/requests.js';
import { encodePath } from '../internal/path.js';
import { Resource } from './resource.js';

const CustomerPage = page(Customer);

export class Customers extends Resource {
  /** GET /v1/customers: one page. */
  async list(params?: ListParams, options?: RequestOptions): Promise<Page<Customer>> {
    const query = this.listQuery(params);
    return this.json({ method: 'GET', path: '/v1/customers', query }, CustomerPage, options);
  }

  /** Every customer, page after page. */
  iterate(params?: ListParams, options?: RequestOptions): AsyncIterable<Customer> {
    return this.walk(params, (p) => this.list(p, options));
  }

  /** GET /v1/customers/{id}; an unknown id is a NotFoundError (`customer was not found`). */
  async retrieve(id: string, options?: RequestOptions): Promise<Customer> {
    const path = encodePath('/v1/customers/{id}', { id });
    return this.json({ method: 'GET', path }, Customer, options);
  }
}
