// The hosted invoice pay page: server-example wrote the element with the invoice and its view (so it
// shows them with no request), in the payer's language (the lang of #invoice, whose table is loaded
// before the element is defined), and the heading of each status (data-pending, data-paid, …); the
// heading follows the element's status. The invoice's token comes from the address (/invoices/{token})
// when the page has no element yet.
export {};

const languages: Record<string, () => Promise<unknown>> = {
  fr: () => import('@pay-elements/elements/i18n/fr'),
  pt: () => import('@pay-elements/elements/i18n/pt'),
  sw: () => import('@pay-elements/elements/i18n/sw'),
  ar: () => import('@pay-elements/elements/i18n/ar'),
};

const container = document.querySelector<HTMLElement>('#invoice');
await languages[container?.lang ?? '']?.();
await import('@pay-elements/elements/define/pay-invoice-view');

let element = container?.querySelector('pay-invoice-view');
if (!element) {
  const token = decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
  element = document.createElement('pay-invoice-view');
  element.setAttribute('endpoint', '/pay');
  element.setAttribute('token', token);
  container?.append(element);
}

const heading = document.querySelector<HTMLElement>('#heading');
element.addEventListener('pay-status-change', (event) => {
  const text = heading?.dataset[event.detail.status];
  if (heading && text) heading.textContent = text;
});
