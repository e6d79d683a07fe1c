// The locked-down pages, /locked-down/checkout/{id} and /locked-down/gallery: the same elements as the
// hosted checkout and the gallery, on a page whose CSP allows only this answer's nonce, requires
// Trusted Types for every script sink and isolates the page (COOP + COEP). Nothing here writes markup
// as a string: every node is made with createElement and textContent.
import '@pay-elements/elements/define/pay-dynamic-account';
import '@pay-elements/elements/define/pay-invoice-view';
import '@pay-elements/elements/define/pay-bank-picker';
import { demoConfig } from './shared.js';
import '@pay-elements/elements/define/pay-link';
import '@pay-elements/elements/define/pay-qr';

const $ = <T extends HTMLElement>(selector: string) => {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`missing ${selector}`);
  return found;
};

function element(tag: string, attributes: Record<string, string>): HTMLElement {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

const checkout = /^\/locked-down\/checkout\/([^/]+)$/.exec(location.pathname);
if (checkout?.[1]) {
  document.title = 'Pay by bank transfer';
  $('#checkout-page').hidden = false;
  const account = element('pay-dynamic-account', {
    endpoint: '/pay',
    session: decodeURIComponent(checkout[1]),
  });
  account.toggleAttribute('show-qr', true);
  account.addEventListener('pay-paid', () => {
    $('#thanks').textContent = 'Thank you: your payment has arrived. You can close this page.';
  });
  $('#checkout').append(account);
} else {
  $('#gallery-page').hidden = false;
  // the invoice's table needs the invoice page's width (narrower, it scrolls)
  $('main').classList.add('hosted-invoice');
  const { invoice } = await demoConfig();
  $('#invoice').append(element('pay-invoice-view', { token: invoice.token, endpoint: '/pay' }));
  const picker = element('pay-bank-picker', { name: 'bank', country: 'NG', endpoint: '/pay' });
  picker.toggleAttribute('required', true);
  $('#picker').append(picker);
  $('#links').append(
    element('pay-link', { 'link-id': 'lnk_pro_monthly', endpoint: '/pay' }),
    element('pay-qr', { value: 'https://example.com/checkout/demo', label: 'QR code of a checkout link' }),
  );
  $<HTMLFormElement>('#payout-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const bank = new FormData($<HTMLFormElement>('#payout-form')).get('bank');
    $('#payout-result').textContent = `Would pay out to bank ${typeof bank === 'string' ? bank : ''}.`;
  });
}

$('#isolation').textContent = crossOriginIsolated
  ? 'This page is cross-origin isolated and runs under a nonce-based CSP with Trusted Types.'
  : 'This page is not cross-origin isolated.';
