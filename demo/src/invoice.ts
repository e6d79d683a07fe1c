// The hosted invoice pay page: the invoice number comes from the address (/invoices/{number}).
// server-example wrote the heading of each status (data-pending, data-paid, …); the heading follows
// the element's status.
import '@pay-elements/elements/define/pay-invoice-view';

const number = decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
const element = document.createElement('pay-invoice-view');
element.setAttribute('endpoint', '/pay');
element.setAttribute('number', number);
document.querySelector('#invoice')?.append(element);

const heading = document.querySelector<HTMLElement>('#heading');
element.addEventListener('pay-status-change', (event) => {
  const text = heading?.dataset[event.detail.status];
  if (heading && text) heading.textContent = text;
});
