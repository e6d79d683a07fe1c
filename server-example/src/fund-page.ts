// The hosted page of a customer's own accounts, /fund/{token} (the customer's token,
// `pay.fundingToken(customerId)`): the built page with the merchant, the accounts and the latest
// deposits in the HTML (hosted-render.ts), readable and usable with script off, the element taking its
// view from there and the deposits live once it runs; a proper page when the token opens nothing (bad,
// tampered or expired: the kit's 404) or the kit cannot answer right now.
import { FundingView, type SessionMerchant } from '@pay-elements/protocol';
import type { PayHandler } from '@pay-elements/server';
import { fundingElement, pickLanguage } from './hosted-render.js';
import { sameRequestId } from './logging.js';
import { escapeHtml, fillPlaceholders, notFoundPage } from './pages.js';
import { readStatic } from './static.js';

const html = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });

export async function fundPage(options: {
  /** the customer's token, as the URL carries it */
  token: string;
  origin: string;
  pay: PayHandler;
  staticRoot: string;
  merchant: SessionMerchant;
  /** the shop's home page, for "Back to …" */
  shopUrl: string;
  /** the customer's Accept-Language: the page is written in the first one the pages speak */
  acceptLanguage?: string | undefined;
  /** the page's request id, named on the kit's lines */
  requestId?: string | undefined;
}): Promise<Response> {
  const { token, origin, pay, staticRoot, merchant, shopUrl } = options;
  const answer = await pay.fetch(
    new Request(`${origin}/pay/funding/${encodeURIComponent(token)}`, sameRequestId(options.requestId)),
  );
  if (answer.status === 404) {
    return html(
      notFoundPage({
        title: 'Link not valid',
        message: 'This link has expired or is not valid. Ask the shop for a new one.',
        stylesheet: '/site.css',
      }),
      404,
    );
  }
  const parsed = answer.ok ? FundingView.safeParse(await answer.json()) : null;
  if (!parsed?.success) {
    return html(
      notFoundPage({
        title: 'Accounts unavailable',
        message: 'Your accounts cannot be shown right now. Please try again in a moment.',
        stylesheet: '/site.css',
      }),
      503,
    );
  }
  const template = await readStatic(staticRoot, '/fund.html');
  if (!template) return html('The demo is not built: run `npm run build -w demo` (npm start does it).', 503);
  const name = merchant.name;
  const logo = merchant.logo_url
    ? `<img class="hosted-logo" src="${escapeHtml(merchant.logo_url)}" alt="" width="40" height="40">`
    : '';
  const language = pickLanguage(options.acceptLanguage);
  const pagePath = `/fund/${encodeURIComponent(token)}`;
  // one pass: a merchant's text naming a placeholder stays text
  const page = fillPlaceholders(template.body.toString('utf8'), {
    __PAY_TITLE__: escapeHtml(`Your accounts with ${name}`),
    __PAY_DESCRIPTION__: escapeHtml(`Your own accounts with ${name}: pay in any amount, at any time.`),
    __PAY_MERCHANT__: `${logo}<span class="hosted-merchant">${escapeHtml(name)}</span>`,
    __PAY_HEADING__: escapeHtml(`Top up your ${name} balance`),
    __PAY_LEAD__: escapeHtml(
      'Send any amount from your bank to one of these accounts, at any time. It is credited to you once it arrives.',
    ),
    __PAY_BACK__: `<a href="${escapeHtml(shopUrl)}">Back to ${escapeHtml(name)}</a>`,
    __PAY_LANG__: language,
    __PAY_ELEMENT__: fundingElement({ view: parsed.data, token, language, pagePath }),
  });
  return html(page, 200);
}
