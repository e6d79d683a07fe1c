// Mounting <pay-funding-account> for a test (a manual clock injected before it connects, its events
// recorded from the start), and the test backend's funding controls: a new customer's token, as the
// merchant's server would put it in the page, and the kit's answer for it.
import { FundingView } from '@pay-elements/protocol';
import { fixture, html } from './testing.js';
import '../define/pay-funding-account.js';
import type { PayFundingAccount } from '../components/funding-account/funding-account.js';
import { ManualClock } from '../lib/clock.js';
import { endpoint, until } from './backend.js';
import { EventLog } from './event-log.js';
import { countRequests } from './page-fetch.js';

export const fundingEventTypes = ['pay-deposit', 'pay-error', 'pay-copy'] as const;
export type FundingEventType = (typeof fundingEventTypes)[number];

async function control(route: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`/_test${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /_test${route} answered ${response.status}: ${text}`);
  const parsed: unknown = text ? JSON.parse(text) : null;
  return typeof parsed === 'object' && parsed !== null && 'data' in parsed ? parsed.data : parsed;
}

/**
 * A new customer's funding token, as the merchant's server makes it (`pay.fundingToken(customerId)`):
 * their own accounts, opened at the first visit, with no deposits yet.
 */
export async function fundingToken(): Promise<string> {
  const answer = await control('/funding-tokens');
  if (typeof answer === 'object' && answer !== null && 'token' in answer && typeof answer.token === 'string')
    return answer.token;
  throw new Error(`no token in ${JSON.stringify(answer)}`);
}

/** The kit's answer for a token, parsed, as a page would get it (the first one opens the accounts). */
export async function kitFunding(token: string): Promise<FundingView> {
  const response = await fetch(`${endpoint}/funding/${encodeURIComponent(token)}`);
  if (!response.ok) throw new Error(`GET /pay/funding answered ${response.status}`);
  return FundingView.parse(await response.json());
}

/** The customer's account in `currency` in a view. */
export function accountIn(view: FundingView, currency: string): FundingView['accounts'][number] {
  const account = view.accounts.find((a) => a.currency === currency);
  if (!account) throw new Error(`no ${currency} account in ${JSON.stringify(view.accounts)}`);
  return account;
}

/** Counts the page's requests for one token's view from now on; `restore()` when done. */
export function countFundingRequests(token: string): ReturnType<typeof countRequests> {
  return countRequests(`${endpoint}/funding/${encodeURIComponent(token)}`);
}

/**
 * Mounts <pay-funding-account token> inside a wrapper with `lang`, and waits for its first answer
 * (rendered: the accounts, or the error state).
 */
export async function mountFunding(
  token: string,
  options: {
    clock?: ManualClock;
    lang?: string;
    wait?: boolean;
    /** `poll` by default: the polling tests count polls; the stream's own tests ask for `push` */
    updates?: 'push' | 'poll';
  } = {},
): Promise<{ el: PayFundingAccount; clock: ManualClock; events: EventLog<FundingEventType> }> {
  const clock = options.clock ?? new ManualClock();
  const wrapper = await fixture<HTMLDivElement>(html`<div lang=${options.lang ?? 'en'}></div>`);
  const el = document.createElement('pay-funding-account');
  el.clock = clock;
  el.endpoint = endpoint;
  el.token = token;
  el.updates = options.updates ?? 'poll';
  const events = new EventLog(el, fundingEventTypes);
  wrapper.append(el);
  if (options.wait !== false) {
    await until(() => el.funding !== null || el.matches(':state(error)'), 'the first answer');
    // let the element finish reacting (start polling, render) before the test moves time
    await new Promise((resolve) => setTimeout(resolve, 0));
    await el.updateComplete;
  }
  return { el, clock, events };
}
