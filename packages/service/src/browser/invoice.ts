// The service's hosted invoice: the server wrote the element with the invoice and its view, in the
// payer's language (the lang of #invoice), and a heading for each status, which follows the element's.
import { keepLanguageOnReceipt, loadLanguage } from './languages.js';

const container = document.querySelector<HTMLElement>('#invoice');
await loadLanguage(container?.lang);
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
keepLanguageOnReceipt(container);
