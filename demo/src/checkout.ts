// The hosted checkout page: server-example wrote the element with its payment details and its session
// view (so it shows them with no request), in the shopper's language (the lang of #checkout, whose
// table is loaded before the element is defined, so it never renders in English first), and the
// merchant, the order, and the heading of each state (data-pending, data-paid, data-expired); the
// heading follows the element's state, and the lead sentence shows only while the account is open
// (site.css, by its data-status), so the page never says what the element contradicts. The session
// id comes from the address (/checkout/{id}) when the page has no element yet.
// The session's status stream is opened first, from the written element's attributes (or the address),
// while the element's code is still on its way: the element joins it when it upgrades, a round trip
// sooner on a phone's network (docs/performance.md).
import type { PayStatusChangeEvent } from '@pay-elements/elements';
import { openSessionStream } from '@pay-elements/elements/stream';

const languages: Record<string, () => Promise<unknown>> = {
  fr: () => import('@pay-elements/elements/i18n/fr'),
  pt: () => import('@pay-elements/elements/i18n/pt'),
  sw: () => import('@pay-elements/elements/i18n/sw'),
  ar: () => import('@pay-elements/elements/i18n/ar'),
};

const container = document.querySelector<HTMLElement>('#checkout');
const written = container?.querySelector('pay-dynamic-account');
const sessionId =
  written?.getAttribute('session') ??
  decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
const endpoint = written?.getAttribute('endpoint') ?? '/pay';
// not for a view already final (its fallback says which): the element opens no stream for one
const writtenStatus = written?.querySelector<HTMLElement>('.pay-fallback')?.dataset['status'];
if (sessionId && (writtenStatus ?? 'pending') === 'pending') openSessionStream(endpoint, sessionId);

await languages[container?.lang ?? '']?.();
await import('@pay-elements/elements/define/pay-dynamic-account');

let element = written;
if (!element) {
  element = document.createElement('pay-dynamic-account');
  element.setAttribute('endpoint', endpoint);
  element.setAttribute('session', sessionId);
  element.toggleAttribute('show-qr', true);
  container?.append(element);
}

const heading = document.querySelector<HTMLElement>('#heading');
const lead = document.querySelector<HTMLElement>('#lead');
element.addEventListener('pay-status-change', (event: PayStatusChangeEvent) => {
  const { status } = event.detail;
  const text = heading?.dataset[status];
  if (heading && text) heading.textContent = text;
  if (lead) lead.dataset['status'] = status;
});
