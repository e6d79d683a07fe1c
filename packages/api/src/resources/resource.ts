// What every resource class shares: the transport, the resolved conventions, and the list plumbing.
import type * as z from 'zod';
import type { Conventions } from '../core/conventions.js';
import type { RequestOptions } from '../core/options.js';
import { paginate } from '../core/pagination.js';
import type { HttpRequest, Transport } from '../core/transport.js';
import type { Page } from '../schemas/common.js';
import type { ListParams } from '../schemas/requests.js';
import { listParamsSchema, listQuery, type Query } from '../internal/query.js';
import { parseParams } from '../internal/validation.js';

export interface ClientContext {
  readonly transport: Transport;
  readonly conventions: Conventions;
}

export abstract class Resource {
  protected readonly context: ClientContext;

  constructor(context: ClientContext) {
    this.context = context;
  }

  protected get conventions(): Conventions {
    return this.context.conventions;
  }

  protected json<S extends z.ZodType>(
    request: HttpRequest,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>> {
    return this.context.transport.json(request, schema, options);
  }

  /** The shared list parameters, checked and named for the wire. */
  protected listQuery(params: ListParams | undefined): Query {
    return listQuery(parseParams(listParamsSchema(this.conventions), params ?? {}), this.conventions);
  }

  /**
   * Every item from `params.page` (default 0) on, `params.size` (default: the configured maximum)
   * per request. `list(page)` fetches one page.
   */
  protected walk<T>(
    params: ListParams | undefined,
    list: (params: ListParams) => Promise<Page<T>>,
  ): AsyncIterable<T> {
    const size = params?.size ?? this.conventions.pageSize.max;
    return paginate((page) => list({ ...params, page, size }), { startPage: params?.page ?? 0 });
  }
}
