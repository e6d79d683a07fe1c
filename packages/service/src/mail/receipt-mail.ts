// The receipt email of a paid session, written in the shopper's language: a subject, a text part and an
// HTML part, with the words the elements and the hosted receipt already say in the five languages (the
// elements' tables: "Payment received", "Amount", "View receipt"; the receipt page's: "Paid to", "Order
// reference", "Transfer reference"), the amount and the time through Intl.
import '@pay-elements/elements/i18n/fr';
import '@pay-elements/elements/i18n/pt';
import '@pay-elements/elements/i18n/sw';
import '@pay-elements/elements/i18n/ar';
import { translationFor } from '@pay-elements/elements/i18n/index';
import type { PaidEmail } from '@pay-elements/server';
import { hostedLanguages, type HostedLanguage } from '../hosted/hosted-render.js';
import { escapeHtml } from '../hosted/pages.js';
import { receiptAmount, receiptTime } from '../hosted/receipt-page.js';
import { receiptTerms } from '../hosted/receipt-terms.js';

export interface WrittenMail {
  /** the language it is written in */
  language: HostedLanguage;
  subject: string;
  text: string;
  html: string;
}

/** The language of a BCP 47 tag among those the pages speak (`fr-CI` → `fr`), English otherwise. */
export function mailLanguage(locale: string | undefined): HostedLanguage {
  const primary = (locale ?? '').toLowerCase().split('-')[0] ?? '';
  return (hostedLanguages as readonly string[]).includes(primary) ? (primary as HostedLanguage) : 'en';
}

/** The receipt email of `mail`, in its shopper's language. */
export function writeReceiptMail(mail: PaidEmail, fallbackMerchant?: string): WrittenMail {
  const language = mailLanguage(mail.locale);
  const words = translationFor(language);
  const terms = receiptTerms[language];
  const merchant = mail.merchantName ?? fallbackMerchant;
  const heading = words.statusTitle.paid;
  const lead = merchant ? terms.thanks(merchant) : words.paidBody;
  const rows: Array<[string, string]> = [
    [words.amountLabel, receiptAmount(mail.amount, mail.currency, language)],
    ...(merchant ? [[terms.paidTo, merchant] as [string, string]] : []),
    ...(mail.orderTitle ? [[terms.paidFor, mail.orderTitle] as [string, string]] : []),
    ...(mail.orderReference ? [[terms.reference.session, mail.orderReference] as [string, string]] : []),
    [terms.paidAt, receiptTime(mail.paidAt, language)],
    ...(mail.transferReference
      ? [[terms.transferReference, mail.transferReference] as [string, string]]
      : []),
  ];
  const subject = [heading, merchant, mail.orderReference].filter(Boolean).join(' · ');
  // the hosted receipt where the kit's receipts flow adds it to the view, else the paid checkout
  const link = mail.viewFields['receipt_url'] ?? mail.link;
  const text = [
    heading,
    '',
    lead,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(link ? ['', `${words.viewReceipt}: ${link}`] : []),
    '',
  ].join('\n');
  const dir = words.$dir;
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:start;padding:4px 16px 4px 0;color:#555;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0;font-weight:600;white-space:nowrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1a56db;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(words.viewReceipt)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#111;margin:0;padding:24px"><h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(heading)}</h1><p>${escapeHtml(lead)}</p><table role="presentation" style="border-collapse:collapse">${cells}</table>${button}</body></html>`;
  return { language, subject, text, html };
}
