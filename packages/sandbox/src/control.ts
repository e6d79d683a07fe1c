// The control API under /_sandbox (full key required, same envelope): reset, customers, cards,
// inbound transfers, paying invoices, moving the clock, injecting faults, the webhook delivery log
// and pausing its delivery.
import { MINUTE } from './clock.js';
import { param, type Route } from './context.js';
import { ClockBody, CreateCustomerBody, FaultBody, IssueCardBody, TransferBody } from './control-schemas.js';
import { cardView, issueCard } from './resources/cards.js';
import { createCustomer } from './resources/customers.js';
import { payInvoice } from './resources/invoices.js';
import { accountOverview, receiveTransfer } from './resources/virtual-accounts.js';
import { ok } from './responses.js';
import { parseInput } from './validate.js';

export const controlRoutes: Route[] = [
  {
    method: 'POST',
    path: '/_sandbox/reset',
    handle: (ctx) => {
      ctx.reset();
      return ok({});
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/customers',
    body: true,
    handle: (ctx) => ok(createCustomer(ctx, parseInput(CreateCustomerBody, ctx.body))),
  },
  {
    method: 'POST',
    path: '/_sandbox/cards',
    body: true,
    handle: (ctx) => ok(cardView(issueCard(ctx, parseInput(IssueCardBody, ctx.body)))),
  },
  {
    method: 'POST',
    path: '/_sandbox/transfers',
    body: true,
    handle: (ctx) => ok(receiveTransfer(ctx, parseInput(TransferBody, ctx.body))),
  },
  {
    method: 'POST',
    path: '/_sandbox/invoices/:number/pay',
    handle: (ctx) => ok(payInvoice(ctx, param(ctx, 'number'))),
  },
  {
    method: 'POST',
    path: '/_sandbox/clock',
    body: true,
    handle: (ctx) => {
      const { advance_minutes } = parseInput(ClockBody, ctx.body);
      ctx.clock.advance(advance_minutes * MINUTE);
      ctx.settle(); // late transfers the new time makes due land now
      ctx.webhooks.pump(); // retries that the new time makes due go now
      return ok({ now: new Date(ctx.clock.now()).toISOString() });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/faults',
    body: true,
    handle: (ctx) => ok(ctx.faults.add(parseInput(FaultBody, ctx.body))),
  },
  {
    method: 'DELETE',
    path: '/_sandbox/faults',
    handle: (ctx) => {
      ctx.faults.clear();
      return ok({});
    },
  },
  {
    method: 'GET',
    path: '/_sandbox/clock',
    handle: (ctx) => ok({ now: new Date(ctx.clock.now()).toISOString() }),
  },
  {
    method: 'GET',
    path: '/_sandbox/accounts',
    handle: (ctx) => ok(accountOverview(ctx)),
  },
  {
    method: 'GET',
    path: '/_sandbox/faults',
    handle: (ctx) => ok(ctx.faults.list()),
  },
  {
    method: 'GET',
    path: '/_sandbox/webhooks',
    handle: (ctx) => ok([...ctx.state.deliveries.values()].reverse().map((d) => ctx.webhooks.view(d))),
  },
  {
    method: 'POST',
    path: '/_sandbox/webhooks/pause',
    handle: (ctx) => {
      ctx.webhooks.pause();
      return ok({ paused: true });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/webhooks/resume',
    handle: (ctx) => {
      ctx.webhooks.resume();
      return ok({ paused: false });
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/webhooks/:id/redeliver',
    handle: (ctx) => ok(ctx.webhooks.view(ctx.webhooks.redeliver(param(ctx, 'id')))),
  },
];
