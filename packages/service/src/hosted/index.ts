// @pay-elements/service/hosted: the hosted pages (checkout, invoice, a customer's own accounts, the
// receipt), written on the server from the kit's views, as routes of a Hono app; and their pieces, for
// a server that writes its own (server-example's locked-down pages).
export { segment, json } from './answers.js';
export { hostedAssets, browserRoot } from './assets.js';
export { cdnFiles, elementsCdnRoot } from './cdn.js';
export {
  checkoutFills,
  checkoutNotFound,
  checkoutPage,
  checkoutView,
  renewFromPage,
  claimFromPage,
} from './checkout-page.js';
export { fundPage } from './fund-page.js';
export {
  checkoutElement,
  fundingElement,
  hostedLanguages,
  invoiceElement,
  pickLanguage,
} from './hosted-render.js';
export type { HostedLanguage } from './hosted-render.js';
export { invoicePage } from './invoice-page.js';
export { pageLanguage, requestLanguage, type LanguageAsked, type PageLanguage } from './language.js';
export {
  escapeHtml,
  fillPlaceholders,
  merchantHeader,
  notBuiltAnswer,
  notFoundPage,
  pageAnswer,
  viewOrPage,
  withNonce,
  type HostedPageOptions,
} from './pages.js';
export { receiptHtml, receiptPage, type ReceiptPageOptions } from './receipt-page.js';
export { receiptTerms, type ReceiptTerms } from './receipt-terms.js';
export { hostedRoutes, type HostedRoutesOptions } from './routes.js';
export {
  builtTemplates,
  HOSTED_ASSETS,
  serviceTemplates,
  type HostedPageName,
  type HostedTemplates,
} from './templates.js';
