// The hosted invoice pay page, /invoices/{token} (the invoice's token, `pay.invoiceToken(number)`): the page with a title and a description a
// payer's messaging app can preview ("Invoice INV-000101 — NGN 287,625.00"), or a proper page when the
// invoice does not exist or cannot be read right now. The invoice itself is in the HTML (hosted-render.ts),
// payable with script off, and the element takes its view from there.
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
import { invoiceElement, pickLanguage } from './hosted-render.js';
import { sameRequestId } from '../operations/logging.js';

/** Intl formats a decimal string exactly, with no float rounding. */
const isDecimal = (value: string): value is `${number}` => /^-?\d+(\.\d+)?$/.test(value);

const statusWords: Record<InvoiceViewModel['status'], string> = {
  pending: 'Due',
  overdue: 'Overdue',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export async function invoicePage(options: HostedPageOptions): Promise<Response> {
  const { token, origin, pay, templates, merchant, shopUrl } = options;
  const businessName = merchant.name;
  const answer = await pay.fetch(
    new Request(`${origin}/pay/invoices/${encodeURIComponent(token)}`, sameRequestId(options.requestId)),
  );
  const found = await viewOrPage(
    answer,
    InvoiceViewModel,
    {
      missing: {
        title: 'Invoice not found',
        message: 'There is no such invoice. Check the link you were sent, or ask the sender for a new one.',
      },
      unavailable: {
        title: 'Invoice unavailable',
        message: 'This invoice cannot be shown right now. Please try again in a moment.',
      },
    },
    templates,
  );
  if ('page' in found) return found.page;
  const { view } = found;
  const language = pickLanguage(options.acceptLanguage);
  const template = await templates.page('invoice');
  if (template === null) return notBuiltAnswer(templates.notBuilt);
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
  // one pass: a merchant's text naming a placeholder stays text
  const fills: Record<string, string> = {
    __PAY_TITLE__: escapeHtml(title),
    __PAY_DESCRIPTION__: escapeHtml(description),
    __PAY_MERCHANT__: merchantHeader(merchant),
    __PAY_HEADING_PENDING__: escapeHtml(headings.pending),
    __PAY_HEADING_OVERDUE__: escapeHtml(headings.overdue),
    __PAY_HEADING_PAID__: escapeHtml(headings.paid),
    __PAY_HEADING_CANCELLED__: escapeHtml(headings.cancelled),
    __PAY_HEADING__: escapeHtml(headings[view.status]),
    __PAY_BACK__: backLink(shopUrl, businessName),
    __PAY_LANG__: language,
    __PAY_ELEMENT__: invoiceElement({
      view,
      token,
      language,
      pagePath: `/invoices/${encodeURIComponent(token)}`,
    }),
  };
  return pageAnswer(fillPlaceholders(template, fills), 200);
}
