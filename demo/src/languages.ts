// The language switcher (languages.html): sets `lang` on the container of the elements; they follow.
// English is built into the elements; French, Portuguese, Swahili and Arabic register themselves
// when their module is imported (a page pays only for the languages it offers).
import '@pay-elements/elements/define/pay-dynamic-account';
import '@pay-elements/elements/define/pay-invoice-view';
import '@pay-elements/elements/define/pay-link';
import '@pay-elements/elements/define/pay-bank-picker';
import '@pay-elements/elements/define/pay-funding-account';
import '@pay-elements/elements/i18n/fr';
import '@pay-elements/elements/i18n/pt';
import '@pay-elements/elements/i18n/sw';
import '@pay-elements/elements/i18n/ar';
import { translationFor } from '@pay-elements/elements';
import { createSession, demoConfig, demoFundingToken, missingFundingToken } from './shared.js';

/** The languages offered, in this order. */
export const languages = ['en', 'fr', 'pt', 'sw', 'ar'] as const;

const $ = <T extends HTMLElement>(selector: string, type: new () => T): T => {
  const found = document.querySelector(selector);
  if (!(found instanceof type)) throw new Error(`missing ${selector}`);
  return found;
};

const container = $('#localized', HTMLDivElement);
const select = $('#language', HTMLSelectElement);
const status = $('#language-status', HTMLParagraphElement);

for (const code of languages) {
  const table = translationFor(code);
  const option = document.createElement('option');
  option.value = code;
  option.lang = code; // each language's name in itself, read in its own language
  option.textContent = table.$name;
  select.append(option);
}

function show(code: string): void {
  container.lang = code;
  const table = translationFor(code);
  status.textContent = `lang="${code}" on the container: ${table.$name}${table.$dir === 'rtl' ? ', right to left' : ''}.`;
}

select.addEventListener('change', () => show(select.value));
show(select.value);

// the invoice by its token, as the shop's server would put it in the page
$('#demo-invoice', HTMLElement).setAttribute('token', (await demoConfig()).invoice.token);

// an order of the page's own: showing the example never uses up a shop order
const session = await createSession('languages');
if (session) $('#account', HTMLElement).setAttribute('session', session);

// the demo customer's own accounts, by the token the server signed for them (or why not)
const fundingToken = await demoFundingToken();
const funding = $('#funding', HTMLElement);
if (fundingToken) funding.setAttribute('token', fundingToken);
else funding.replaceWith(missingFundingToken());
