// The hosted page of a customer's own accounts: server-example wrote the element with the accounts,
// the latest deposits and its view (so it shows them with no request), in the customer's language
// (the lang of #fund, whose table is loaded before the element is defined). The customer's token comes
// from the address (/fund/{token}) when the page has no element yet.
export {};

const languages: Record<string, () => Promise<unknown>> = {
  fr: () => import('@pay-elements/elements/i18n/fr'),
  pt: () => import('@pay-elements/elements/i18n/pt'),
  sw: () => import('@pay-elements/elements/i18n/sw'),
  ar: () => import('@pay-elements/elements/i18n/ar'),
};

const container = document.querySelector<HTMLElement>('#fund');
await languages[container?.lang ?? '']?.();
await import('@pay-elements/elements/define/pay-funding-account');

if (!container?.querySelector('pay-funding-account')) {
  const token = decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
  const element = document.createElement('pay-funding-account');
  element.setAttribute('endpoint', '/pay');
  element.setAttribute('token', token);
  container?.append(element);
}
