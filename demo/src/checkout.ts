// The hosted checkout page: the session id comes from the address (/checkout/{id}).
import '@pay-elements/elements/define/pay-dynamic-account';

const id = decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
const element = document.createElement('pay-dynamic-account');
element.setAttribute('endpoint', '/pay');
element.setAttribute('session', id);
element.toggleAttribute('show-qr', true);
document.querySelector('#checkout')?.append(element);

const thanks = document.querySelector<HTMLElement>('#thanks');
element.addEventListener('pay-paid', () => {
  if (thanks) thanks.textContent = 'Thank you: your payment has arrived. You can close this page.';
});
