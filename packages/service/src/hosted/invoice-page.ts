// The hosted invoice pay page, /invoices/{token} (the invoice's token, `pay.invoiceToken(number)`): the page with a title and a description a
// payer's messaging app can preview ("Invoice INV-000101 — NGN 287,625.00"), or a proper page when the
// invoice does not exist or cannot be read right now. The invoice itself is in the HTML (hosted-render.ts),
// payable with script off, and the element takes its view from there. Every word in the payer's
// language (language.ts), the total and due date through Intl in it.
import { dateTimeFormat, formatMoney } from '@pay-elements/elements/ssr';
import { InvoiceViewModel } from '@pay-elements/protocol';
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
import { invoiceElement } from './hosted-render.js';
import { pageLanguage } from './language.js';
import { sameRequestId } from '../operations/logging.js';

/** The invoice's total in the payer's language, exactly ("₦287,625.00", "287 625,00 NGN"). */
function invoiceTotal(total: string, currency: string, language: string): string {
  try {
    return formatMoney(total, currency, language);
  } catch {
    return `${currency} ${total}`;
  }
}

export async function invoicePage(options: HostedPageOptions): Promise<Response> {
  const { token, origin, pay, templates, merchant, shopUrl } = options;
  const businessName = merchant.name;
  const language = pageLanguage(options);
  const words = language.terms.invoice;
  const answer = await pay.fetch(
    new Request(`${origin}/pay/invoices/${encodeURIComponent(token)}`, sameRequestId(options.requestId)),
  );
  const found = await viewOrPage(answer, InvoiceViewModel, words, templates, language);
  if ('page' in found) return found.page;
  const { view } = found;
  const template = await templates.page('invoice');
  if (template === null) return notBuiltAnswer(templates.notBuilt);
  const total = invoiceTotal(view.total, view.currency, language.code);
  const due = view.due_date
    ? dateTimeFormat(language.code, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(view.due_date))
    : null;
  const about = [view.number, businessName, total] as const;
  const description =
    view.status === 'paid' || view.status === 'cancelled'
      ? words.description[view.status](...about)
      : words.description[view.status](...about, due);
  const headings: Record<InvoiceViewModel['status'], string> = {
    pending: words.heading.pending(businessName),
    overdue: words.heading.pending(businessName),
    paid: words.heading.paid,
    cancelled: words.heading.cancelled,
  };
  // one pass: a merchant's text naming a placeholder stays text
  const fills: Record<string, string> = {
    __PAY_DIR__: language.dir,
    __PAY_TITLE__: escapeHtml(words.title(view.number, total)),
    __PAY_DESCRIPTION__: escapeHtml(description),
    __PAY_MERCHANT__: merchantHeader(merchant),
    __PAY_HEADING_PENDING__: escapeHtml(headings.pending),
    __PAY_HEADING_OVERDUE__: escapeHtml(headings.overdue),
    __PAY_HEADING_PAID__: escapeHtml(headings.paid),
    __PAY_HEADING_CANCELLED__: escapeHtml(headings.cancelled),
    __PAY_HEADING__: escapeHtml(headings[view.status]),
    __PAY_BACK__: backLink(shopUrl, businessName, language),
    __PAY_LANG__: language.code,
    __PAY_ELEMENT__: invoiceElement({
      view,
      token,
      language: language.code,
      pagePath: `/invoices/${encodeURIComponent(token)}`,
      query: language.query,
    }),
  };
  return pageAnswer(fillPlaceholders(template, fills), 200);
}
