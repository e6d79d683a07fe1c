import type { RequestOptions } from '../core/options.js';
import { page, type Page } from '../schemas/common.js';
import { Invoice, InvoiceView } from '../schemas/resources.js';
import { CreateInvoiceParams, type ListParams } from '../schemas/requests.js';
import { encodePath } from '../internal/path.js';
import { parseParams } from '../internal/validation.js';
import { Resource } from './resource.js';

const InvoicePage = page(Invoice);

export class Invoices extends Resource {
  /** POST /v1/invoices. Never repeated automatically: a lost answer may mean a created invoice. */
  async create(params: CreateInvoiceParams, options?: RequestOptions): Promise<Invoice> {
    const body = parseParams(CreateInvoiceParams, params);
    return this.json({ method: 'POST', path: '/v1/invoices', body }, Invoice, options);
  }

  /** GET /v1/invoices: one page. */
  async list(params?: ListParams, options?: RequestOptions): Promise<Page<Invoice>> {
    const query = this.listQuery(params);
    return this.json({ method: 'GET', path: '/v1/invoices', query }, InvoicePage, options);
  }

  /** Every invoice, page after page. */
  iterate(params?: ListParams, options?: RequestOptions): AsyncIterable<Invoice> {
    return this.walk(params, (p) => this.list(p, options));
  }

  /** GET /v1/invoices/view/{number}: the invoice with its payment details. */
  async view(number: string, options?: RequestOptions): Promise<InvoiceView> {
    const path = encodePath('/v1/invoices/view/{number}', { number });
    return this.json({ method: 'GET', path }, InvoiceView, options);
  }
}
