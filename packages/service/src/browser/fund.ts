// The service's hosted page of a customer's own accounts: the server wrote the element with the
// accounts, the latest deposits and its view, in the customer's language (the lang of #fund).
import { loadLanguage } from './languages.js';

const container = document.querySelector<HTMLElement>('#fund');
await loadLanguage(container?.lang);
await import('@pay-elements/elements/define/pay-funding-account');

if (!container?.querySelector('pay-funding-account')) {
  const token = decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
  const element = document.createElement('pay-funding-account');
  element.setAttribute('endpoint', '/pay');
  element.setAttribute('token', token);
  container?.append(element);
}
