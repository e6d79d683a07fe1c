// The hosted receipt, /receipts/{token} (the kit's signed receipt token): a page written whole on the
// server from the kit's receipt view (`GET /pay/receipts/{token}`, asked in process: no provider call),
// readable with no script and printable (the stylesheet's print rules; the Print button, which opens
// the browser's print dialog and its "Save as PDF", is shown by /hosted/receipt.js only where script
// runs). Every word comes from the receipt's translation tables, in the shopper's language (`?lang=`,
// then Accept-Language: language.ts); amounts and dates through Intl. A tampered or made-up token is the kit's 404: the
// not-found page.
import { ReceiptView, type SessionMerchant } from '@pay-elements/protocol';
import type { PayHandler } from '@pay-elements/server';
import { sameRequestId } from '../operations/logging.js';
import type { HostedLanguage } from './hosted-render.js';
import { pageLanguage } from './language.js';
import { escapeHtml, merchantHeader, notFoundPage, pageAnswer } from './pages.js';
import { receiptTerms, type ReceiptTerms } from './receipt-terms.js';
import { FAVICON_LINK, HOSTED_ASSETS, type HostedTemplates } from './templates.js';

export interface ReceiptPageOptions {
  /** the receipt's token, as the URL carries it */
  token: string;
  /** the kit's origin, for the request the page makes to it */
  origin: string;
  pay: Pick<PayHandler, 'fetch'>;
  /** where a not-found page's link goes */
  templates: Pick<HostedTemplates, 'home'>;
  /** who was paid, when the receipt does not say */
  merchant: SessionMerchant;
  /** the shop's own site (PAY_SHOP_URL), for "Back to …"; null for no such link */
  shopUrl: string | null;
  acceptLanguage?: string | undefined;
  /** the `lang` of the page's query, which comes before Accept-Language */
  lang?: string | undefined;
  /** the page's request id, named on the kit's lines */
  requestId?: string | undefined;
}

/** Intl formats a decimal string exactly, with no float rounding. */
const isDecimal = (value: string): value is `${number}` => /^-?\d+(\.\d+)?$/.test(value);

/** The amount in the shopper's locale: "₦5,000.00", "5 000,00 NGN". */
export function receiptAmount(amount: string, currency: string, language: HostedLanguage): string {
  if (!isDecimal(amount)) return `${currency} ${amount}`;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount}`;
  }
}

/** A moment in the shopper's locale, in UTC (the server does not know the shopper's zone), saying so. */
export function receiptTime(iso: string, language: HostedLanguage): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

function row(label: string, value: string, className = ''): string {
  return `<div${className ? ` class="${className}"` : ''}><dt>${escapeHtml(label)}</dt><dd>${value}</dd></div>`;
}

/** The receipt's page, written whole: every value escaped, no inline script or style. */
export function receiptHtml(
  view: ReceiptView,
  terms: ReceiptTerms,
  language: HostedLanguage,
  fallback: SessionMerchant,
  shopUrl: string | null = null,
): string {
  const merchant = view.merchant ?? fallback;
  const when = (iso: string) =>
    `<time datetime="${escapeHtml(iso)}">${escapeHtml(receiptTime(iso, language))}</time>`;
  const rows = [
    row(terms.number, escapeHtml(view.number)),
    row(terms.paidTo, escapeHtml(merchant.name)),
    view.title ? row(terms.paidFor, escapeHtml(view.title)) : '',
    view.reference ? row(terms.reference[view.kind], escapeHtml(view.reference)) : '',
    row(terms.amount, escapeHtml(receiptAmount(view.amount, view.currency, language)), 'receipt-amount'),
    row(terms.paidAt, when(view.paid_at)),
    row(terms.transferReference, `<span class="receipt-code">${escapeHtml(view.transfer_reference)}</span>`),
    row(terms.bank, escapeHtml(view.account.bank_name)),
    row(terms.accountName, escapeHtml(view.account.account_name)),
    row(terms.accountNumber, `<span class="receipt-code">${escapeHtml(view.account.account_number)}</span>`),
    row(terms.issuedAt, when(view.issued_at)),
  ].filter(Boolean);
  const title = `${terms.title(view.number)} — ${merchant.name}`;
  return `<!doctype html>
<html lang="${language}" dir="${terms.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${FAVICON_LINK}
<link rel="stylesheet" href="${HOSTED_ASSETS}/hosted.css">
<script type="module" src="${HOSTED_ASSETS}/receipt.js"></script>
</head>
<body class="hosted receipt">
<header class="hosted-header">${merchantHeader(merchant)}</header>
<main class="hosted-main">
<h1>${escapeHtml(terms.heading)}</h1>
<p class="receipt-thanks">${escapeHtml(terms.thanks(merchant.name))}</p>
<dl class="receipt-details">
${rows.join('\n')}
</dl>
<p class="receipt-actions"><button type="button" id="print" hidden>${escapeHtml(terms.print)}</button></p>
${shopUrl === null ? '' : `<p class="hosted-back"><a href="${escapeHtml(shopUrl)}">${escapeHtml(terms.back(merchant.name))}</a></p>\n`}</main>
</body>
</html>
`;
}

export async function receiptPage(options: ReceiptPageOptions): Promise<Response> {
  const { token, origin, pay } = options;
  const chosen = pageLanguage(options);
  const language = chosen.code;
  const terms = receiptTerms[language];
  const answer = await pay.fetch(
    new Request(`${origin}/pay/receipts/${encodeURIComponent(token)}`, sameRequestId(options.requestId)),
  );
  const shown = (words: { title: string; message: string }, status: number) =>
    pageAnswer(
      notFoundPage({
        ...words,
        stylesheet: `${HOSTED_ASSETS}/hosted.css`,
        home: options.shopUrl ?? options.templates.home,
        lang: chosen,
      }),
      status,
    );
  if (answer.status === 404) return shown(terms.missing, 404);
  const parsed = answer.ok ? ReceiptView.safeParse(await answer.json().catch(() => null)) : null;
  if (!parsed?.success) return shown(terms.unavailable, 503);
  return pageAnswer(receiptHtml(parsed.data, terms, language, options.merchant, options.shopUrl), 200);
}
