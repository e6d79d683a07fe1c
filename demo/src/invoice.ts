// The hosted invoice pay page: the invoice number comes from the address (/invoices/{number}).
import '@pay-elements/elements/define/pay-invoice-view';

const number = decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
const element = document.createElement('pay-invoice-view');
element.setAttribute('endpoint', '/pay');
element.setAttribute('number', number);
document.querySelector('#invoice')?.append(element);

const thanks = document.querySelector<HTMLElement>('#thanks');
element.addEventListener('pay-invoice-paid', () => {
  if (thanks) thanks.textContent = 'Thank you: this invoice is paid.';
});
