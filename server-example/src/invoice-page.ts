// The hosted invoice pay page, /invoices/{token} (the invoice's token, `pay.invoiceToken(number)`): the built page with a title and a description a
// payer's messaging app can preview ("Invoice INV-000101 — NGN 287,625.00"), or a proper page when the
// invoice does not exist or cannot be read right now. The invoice itself is in the HTML (hosted-render.ts),
// payable with script off, and the element takes its view from there.
import { InvoiceViewModel } from '@pay-elements/protocol';
import type { PayHandler } from '@pay-elements/server';
import type { SessionMerchant } from '@pay-elements/protocol';
import { escapeHtml, fillPlaceholders, notFoundPage } from './pages.js';
import { readStatic } from './static.js';
import { invoiceElement, pickLanguage } from './hosted-render.js';
import { sameRequestId } from './logging.js';

const html = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });

/** Intl formats a decimal string exactly, with no float rounding. */
const isDecimal = (value: string): value is `${number}` => /^-?\d+(\.\d+)?$/.test(value);

const statusWords: Record<InvoiceViewModel['status'], string> = {
  pending: 'Due',
  overdue: 'Overdue',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export async function invoicePage(options: {
  /** the invoice's token, as the URL carries it (the number alone shows nothing) */
  token: string;
  origin: string;
  pay: PayHandler;
  staticRoot: string;
  merchant: SessionMerchant;
  /** the shop's home page, for "Back to …" */
  shopUrl: string;
  /** the payer's Accept-Language: the invoice is written in the first one the pages speak */
  acceptLanguage?: string | undefined;
  /** the page's request id, named on the kit's lines */
  requestId?: string | undefined;
}): Promise<Response> {
  const { token, origin, pay, staticRoot, merchant, shopUrl } = options;
  const businessName = merchant.name;
  const answer = await pay.fetch(
    new Request(`${origin}/pay/invoices/${encodeURIComponent(token)}`, sameRequestId(options.requestId)),
  );
  if (answer.status === 404) {
    return html(
      notFoundPage({
        title: 'Invoice not found',
        message: 'There is no such invoice. Check the link you were sent, or ask the sender for a new one.',
        stylesheet: '/site.css',
      }),
      404,
    );
  }
  const parsed = answer.ok ? InvoiceViewModel.safeParse(await answer.json()) : null;
  if (!parsed?.success) {
    return html(
      notFoundPage({
        title: 'Invoice unavailable',
        message: 'This invoice cannot be shown right now. Please try again in a moment.',
        stylesheet: '/site.css',
      }),
      503,
    );
  }
  const view = parsed.data;
  const language = pickLanguage(options.acceptLanguage);
  const template = await readStatic(staticRoot, '/invoice.html');
  if (!template) return html('The demo is not built: run `npm run build -w demo` (npm start does it).', 503);
  const total = isDecimal(view.total)
    ? new Intl.NumberFormat('en', { style: 'currency', currency: view.currency }).format(view.total)
    : `${view.currency} ${view.total}`;
  const due = view.due_date
    ? new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(view.due_date))
    : null;
  const title = `Invoice ${view.number} — ${total}`;
  const description =
    view.status === 'paid'
      ? `Invoice ${view.number} from ${businessName}: ${total}, paid. Thank you.`
      : `Invoice ${view.number} from ${businessName}: ${total}. ${statusWords[view.status]}${due ? ` ${due}` : ''}. Pay by bank transfer.`;
  const headings: Record<InvoiceViewModel['status'], string> = {
    pending: `Pay ${businessName}`,
    overdue: `Pay ${businessName}`,
    paid: 'This invoice is paid',
    cancelled: 'This invoice was cancelled',
  };
  const logo = merchant.logo_url
    ? `<img class="hosted-logo" src="${escapeHtml(merchant.logo_url)}" alt="" width="40" height="40">`
    : '';
  // one pass: a merchant's text naming a placeholder stays text
  const fills: Record<string, string> = {
    __PAY_TITLE__: escapeHtml(title),
    __PAY_DESCRIPTION__: escapeHtml(description),
    __PAY_MERCHANT__: `${logo}<span class="hosted-merchant">${escapeHtml(businessName)}</span>`,
    __PAY_HEADING_PENDING__: escapeHtml(headings.pending),
    __PAY_HEADING_OVERDUE__: escapeHtml(headings.overdue),
    __PAY_HEADING_PAID__: escapeHtml(headings.paid),
    __PAY_HEADING_CANCELLED__: escapeHtml(headings.cancelled),
    __PAY_HEADING__: escapeHtml(headings[view.status]),
    __PAY_BACK__: `<a href="${escapeHtml(shopUrl)}">Back to ${escapeHtml(businessName)}</a>`,
    __PAY_LANG__: language,
    __PAY_ELEMENT__: invoiceElement({
      view,
      token,
      language,
      pagePath: `/invoices/${encodeURIComponent(token)}`,
    }),
  };
  return html(fillPlaceholders(template.body.toString('utf8'), fills), 200);
}
