// The hosted page of a customer's own accounts, /fund/{token} (the customer's token,
// `pay.fundingToken(customerId)`): the built page with the merchant, the accounts and the latest
// deposits in the HTML (hosted-render.ts), readable and usable with script off, the element taking its
// view from there and the deposits live once it runs; a proper page when the token opens nothing (bad,
// tampered or expired: the kit's 404) or the kit cannot answer right now; every word in the customer's
// language (language.ts).
import { FundingView } from '@pay-elements/protocol';
import { fundingElement } from './hosted-render.js';
import { pageLanguage } from './language.js';
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
  const language = pageLanguage(options);
  const words = language.terms.fund;
  const answer = await pay.fetch(
    new Request(`${origin}/pay/funding/${encodeURIComponent(token)}`, sameRequestId(options.requestId)),
  );
  const found = await viewOrPage(answer, FundingView, words, templates, language);
  if ('page' in found) return found.page;
  const template = await templates.page('fund');
  if (template === null) return notBuiltAnswer(templates.notBuilt);
  const name = merchant.name;
  const pagePath = `/fund/${encodeURIComponent(token)}`;
  // one pass: a merchant's text naming a placeholder stays text
  const page = fillPlaceholders(template, {
    __PAY_DIR__: language.dir,
    __PAY_TITLE__: escapeHtml(words.title(name)),
    __PAY_DESCRIPTION__: escapeHtml(words.description(name)),
    __PAY_MERCHANT__: merchantHeader(merchant),
    __PAY_HEADING__: escapeHtml(words.heading(name)),
    __PAY_LEAD__: escapeHtml(words.lead),
    __PAY_BACK__: backLink(shopUrl, name, language),
    __PAY_LANG__: language.code,
    __PAY_ELEMENT__: fundingElement({
      view: found.view,
      token,
      language: language.code,
      pagePath,
      query: language.query,
    }),
  });
  return pageAnswer(page, 200);
}
