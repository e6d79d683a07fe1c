// GET /funding/{token}: a customer's own accounts and latest deposits (the protocol's FundingView),
// the token signed by the merchant for one customer (`pay.fundingToken(customerId)`): the browser
// never sends a customer id. A bad, tampered or expired token is a 404 that shows nothing and asks the
// provider nothing. The first visit opens the customer's accounts (accounts.ts); later visits
// answer from the store. GET /funding/{token}/events pushes the view when a deposit lands.
import { endpoints } from '@pay-elements/protocol';
import type { Clock } from '../../clock.js';
import { HttpError } from '../../errors.js';
import type { Kit } from '../../flow.js';
import { etagJson } from '../../http/answers.js';
import { openEventStream, retryHint, streamSink } from '../../http/event-stream.js';
import type { Route } from '../../http/router.js';
import type { Logger } from '../../log.js';
import type { StreamAdmission } from '../../streams/admission.js';
import type { StreamConfig } from '../../streams/options.js';
import type { ViewHub } from '../../streams/view-hub.js';
import type { FundingAccounts } from './accounts.js';
import type { FundingBook } from './book.js';
import { fundingView, type StableFundingView } from './view.js';

/** Customers' views, read by the customer a token stands for. */
export class FundingViews {
  constructor(
    private readonly options: {
      book: FundingBook;
      accounts: FundingAccounts;
      tokens: Kit['tokens'];
      clock: Clock;
      logger: Logger;
      /** how many of the latest deposits a view lists */
      recentDeposits: number;
    },
  ) {}

  /** The customer a token stands for; 404 for anything else (a bad, tampered or expired token). */
  customerOf(token: string): string {
    const customerId = this.options.tokens.verify(token);
    if (customerId === null) throw new HttpError('not_found', 'No such page.');
    return customerId;
  }

  /** The customer's view (without server_time), opening their accounts on the first visit. */
  async viewOf(
    customerId: string,
    log: Logger = this.options.logger,
    request?: Request,
  ): Promise<{ view: StableFundingView; now: number }> {
    const { book, accounts, recentDeposits, clock } = this.options;
    const [opened, deposits, totals] = await Promise.all([
      accounts.accountsOf(customerId, log, { request }),
      book.depositsOf(customerId, recentDeposits),
      book.totalsOf(customerId),
    ]);
    return { view: fundingView(opened, deposits, totals), now: clock.now() };
  }
}

export interface FundingRouteOptions {
  views: FundingViews;
  hub: ViewHub<StableFundingView> | null;
  admission: StreamAdmission;
  streams: StreamConfig;
  maxBodyBytes: number;
  /** who a request comes from, for the per-client stream limit */
  clientKey: (request: Request, log: Logger) => string;
}

export function fundingRoutes(options: FundingRouteOptions): Route[] {
  const { views, hub } = options;
  const view: Route = {
    ...endpoints.funding,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      const { view, now } = await views.viewOf(views.customerOf(params['token'] ?? ''), log, request);
      return etagJson(request, view, { server_time: new Date(now).toISOString() });
    },
  };
  if (!hub) return [view];
  const retry = retryHint(options.streams.retryMs);
  const events: Route = {
    ...endpoints.fundingEvents,
    maxBodyBytes: options.maxBodyBytes,
    async handle({ request, params, log }) {
      const customerId = views.customerOf(params['token'] ?? '');
      // the accounts opened (and a customer the provider does not know refused) before a stream opens
      await views.viewOf(customerId, log, request);
      return openEventStream({
        request,
        log,
        admission: options.admission,
        clientKey: options.clientKey(request, log),
        retry,
        feed: (writer) =>
          hub.watch(customerId, {
            ...streamSink(writer, request.headers.get('last-event-id')),
            send: writer.write,
          }),
      });
    },
  };
  return [view, events];
}
