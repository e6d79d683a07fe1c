// The theme gallery (themes.html): every element in each built-in theme side by side, and in a custom
// brand (themes.css sets its --pay-* tokens on the elements of the brand column; no style attribute,
// the page runs under a CSP without 'unsafe-inline').
import '@pay-elements/elements/define/pay-dynamic-account';
import '@pay-elements/elements/define/pay-invoice-view';
import '@pay-elements/elements/define/pay-link';
import '@pay-elements/elements/define/pay-bank-picker';
import '@pay-elements/elements/define/pay-qr';
import '@pay-elements/elements/define/pay-funding-account';
import './themes.css';
import { createSession, demoConfig, demoFundingToken, missingFundingToken } from './shared.js';

interface Column {
  theme: 'light' | 'dark' | 'high-contrast';
  caption: string;
  className: string;
}

const columns: readonly Column[] = [
  { theme: 'light', caption: 'Light', className: 'theme-light' },
  { theme: 'dark', caption: 'Dark', className: 'theme-dark' },
  { theme: 'high-contrast', caption: 'High contrast', className: 'theme-high-contrast' },
  { theme: 'light', caption: 'Custom brand (--pay-* tokens)', className: 'theme-brand' },
];

interface Row {
  tag:
    | 'pay-dynamic-account'
    | 'pay-invoice-view'
    | 'pay-link'
    | 'pay-bank-picker'
    | 'pay-qr'
    | 'pay-funding-account';
  attributes: Record<string, string>;
}

const rows: readonly Row[] = [
  { tag: 'pay-dynamic-account', attributes: { endpoint: '/pay' } },
  { tag: 'pay-invoice-view', attributes: { token: (await demoConfig()).invoice.token, endpoint: '/pay' } },
  { tag: 'pay-funding-account', attributes: { endpoint: '/pay' } },
  { tag: 'pay-link', attributes: { 'link-id': 'lnk_pro_monthly', endpoint: '/pay' } },
  { tag: 'pay-bank-picker', attributes: { country: 'NG', endpoint: '/pay' } },
  {
    tag: 'pay-qr',
    attributes: { value: 'https://example.com/checkout/demo', label: 'QR code of a checkout' },
  },
];

const main = document.getElementById('themes');
if (!main) throw new Error('missing #themes');

for (const row of rows) {
  const section = document.createElement('section');
  section.className = 'card';
  section.setAttribute('aria-labelledby', `${row.tag}-title`);
  const heading = document.createElement('h2');
  heading.id = `${row.tag}-title`;
  const code = document.createElement('code');
  code.textContent = `<${row.tag}>`;
  heading.append(code);
  const grid = document.createElement('div');
  // an invoice and a customer's accounts are wide: two side by side at most
  const wide = row.tag === 'pay-invoice-view' || row.tag === 'pay-funding-account';
  grid.className = wide ? 'theme-grid theme-grid-wide' : 'theme-grid';
  for (const column of columns) {
    const figure = document.createElement('figure');
    figure.className = `theme-cell ${column.className}`;
    const caption = document.createElement('figcaption');
    caption.textContent = column.caption;
    const element = document.createElement(row.tag);
    for (const [name, value] of Object.entries(row.attributes)) element.setAttribute(name, value);
    element.setAttribute('theme', column.theme);
    if (row.tag === 'pay-bank-picker') element.setAttribute('label', `Bank (${column.caption})`);
    figure.append(caption, element);
    grid.append(figure);
  }
  section.append(heading, grid);
  main.append(section);
}

// One pending checkout, shown in every theme.
const session = await createSession('themes'); // an order of the page's own
for (const element of document.querySelectorAll('pay-dynamic-account')) {
  if (session) element.session = session;
}

// The demo customer's own accounts, in every theme (or why not).
const fundingToken = await demoFundingToken();
for (const element of document.querySelectorAll('pay-funding-account')) {
  if (fundingToken) element.token = fundingToken;
  else element.replaceWith(missingFundingToken());
}
