import type { RequestOptions } from '../core/options.js';
import { page, type Page } from '../schemas/common.js';
import { PaymentLink } from '../schemas/resources.js';
import type { ListParams } from '../schemas/requests.js';
import { Resource } from './resource.js';

const LinkPage = page(PaymentLink);

export class Links extends Resource {
  /** GET /v1/links: one page of payment links. */
  async list(params?: ListParams, options?: RequestOptions): Promise<Page<PaymentLink>> {
    const query = this.listQuery(params);
    return this.json({ method: 'GET', path: '/v1/links', query }, LinkPage, options);
  }

  /** Every payment link, page after page. */
  iterate(params?: ListParams, options?: RequestOptions): AsyncIterable<PaymentLink> {
    return this.walk(params, (p) => this.list(p, options));
  }
}
