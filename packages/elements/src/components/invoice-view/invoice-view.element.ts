// <pay-invoice-view>, declared once (see ../element-declaration.ts).
import type { ElementDeclaration } from '../element-declaration.js';

export default {
  tag: 'pay-invoice-view',
  className: 'PayInvoiceView',
  summary: 'an invoice as its payer sees it, waiting for the payment',
  events: ['pay-status-change', 'pay-invoice-paid', 'pay-error', 'pay-copy'],
  showsQr: true,
  exports: ['invoicePollSchedule', 'type InvoiceViewState'],
  // first load: +0.2 kB (issue 24): the view a server-rendered page carries, and the status stream's
  // wiring (the stream itself loads lazily); +0.2 kB (issue 32): as <pay-dynamic-account>'s, 0.17 kB
  // measured; +0.1 kB (issue 39): 17.05 -> 17.36 kB measured, the guards' word on a refused answer and
  // the receipt link once paid; +0.1 kB (issue 47): 17.37 -> 17.40 kB, as <pay-dynamic-account>'s
  // +0.1 kB (issue 47, all three): its loading restarts from controllers/view-task.ts (args, as Lit's
  // Task), measured 17.40 -> 17.51, 19.90 -> 20.00, 20.23 -> 20.33 kB
  budgets: { firstLoad: '17.6 kB', module: '20.1 kB', classic: '20.4 kB' },
} as const satisfies ElementDeclaration;
