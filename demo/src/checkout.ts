// The hosted checkout page: the session id comes from the address (/checkout/{id}). server-example
// wrote the merchant, the order, and the heading of each state (data-pending, data-paid,
// data-expired); the heading follows the element's state, and the lead sentence shows only while the
// account is open (site.css, by its data-status), so the page never says what the element contradicts.
import '@pay-elements/elements/define/pay-dynamic-account';

const id = decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
const element = document.createElement('pay-dynamic-account');
element.setAttribute('endpoint', '/pay');
element.setAttribute('session', id);
element.toggleAttribute('show-qr', true);
document.querySelector('#checkout')?.append(element);

const heading = document.querySelector<HTMLElement>('#heading');
const lead = document.querySelector<HTMLElement>('#lead');
element.addEventListener('pay-status-change', (event) => {
  const { status } = event.detail;
  const text = heading?.dataset[status];
  if (heading && text) heading.textContent = text;
  if (lead) lead.dataset['status'] = status;
});
