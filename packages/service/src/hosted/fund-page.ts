// The hosted page of a customer's own accounts, /fund/{token} (the customer's token,
// `pay.fundingToken(customerId)`): the built page with the merchant, the accounts and the latest
// deposits in the HTML (hosted-render.ts), readable and usable with script off, the element taking its
// view from there and the deposits live once it runs; a proper page when the token opens nothing (bad,
// tampered or expired: the kit's 404) or the kit cannot answer right now.
import { FundingView } from '@pay-elements/protocol';
import { fundingElement, pickLanguage } from './hosted-render.js';
import { sameRequestId } from '../operations/logging.js';
import {
  backLink,
  escapeHtml,
  fillPlaceholders,
  merchantHeader,
  notBuiltAnswer,
  pageAnswer,
  viewOrPage,
  type HostedPageOptions,
} from './pages.js';

export async function fundPage(options: HostedPageOptions): Promise<Response> {
  const { token, origin, pay, templates, merchant, shopUrl } = options;
  const answer = await pay.fetch(
    new Request(`${origin}/pay/funding/${encodeURIComponent(token)}`, sameRequestId(options.requestId)),
  );
  const found = await viewOrPage(
    answer,
    FundingView,
    {
      missing: {
        title: 'Link not valid',
        message: 'This link has expired or is not valid. Ask the shop for a new one.',
      },
      unavailable: {
        title: 'Accounts unavailable',
        message: 'Your accounts cannot be shown right now. Please try again in a moment.',
      },
    },
    templates,
  );
  if ('page' in found) return found.page;
  const template = await templates.page('fund');
  if (template === null) return notBuiltAnswer(templates.notBuilt);
  const name = merchant.name;
  const language = pickLanguage(options.acceptLanguage);
  const pagePath = `/fund/${encodeURIComponent(token)}`;
  // one pass: a merchant's text naming a placeholder stays text
  const page = fillPlaceholders(template, {
    __PAY_TITLE__: escapeHtml(`Your accounts with ${name}`),
    __PAY_DESCRIPTION__: escapeHtml(`Your own accounts with ${name}: pay in any amount, at any time.`),
    __PAY_MERCHANT__: merchantHeader(merchant),
    __PAY_HEADING__: escapeHtml(`Top up your balance with ${name}`),
    __PAY_LEAD__: escapeHtml(
      'Send any amount from your bank to one of these accounts, at any time. It is credited to you once it arrives.',
    ),
    __PAY_BACK__: backLink(shopUrl, name),
    __PAY_LANG__: language,
    __PAY_ELEMENT__: fundingElement({ view: found.view, token, language, pagePath }),
  });
  return pageAnswer(page, 200);
}
