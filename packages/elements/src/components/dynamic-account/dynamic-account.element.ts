// <pay-dynamic-account>, declared once (see ../element-declaration.ts).
import type { ElementDeclaration } from '../element-declaration.js';

export default {
  tag: 'pay-dynamic-account',
  className: 'PayDynamicAccount',
  summary: 'the single-use account to transfer to, waiting for the transfer',
  events: ['pay-status-change', 'pay-paid', 'pay-expired', 'pay-error', 'pay-copy', 'pay-claimed'],
  showsQr: true,
  exports: ['type DynamicAccountState'],
  // first load: the aim is 16 kB (issue 14); what it ships today (templates minified, <pay-qr> and the
  // status stream lazy, no decorators), plus a little. +0.2 kB (issue 32): back from the bank app (the
  // poll at once and the dead stream reopened, on visibilitychange and pageshow) and Latin digits set
  // explicitly in every formatter (lib/intl.ts), 0.16 kB measured; the bank picker gave 0.6 kB back
  // +0.2 kB (issue 39): 17.23 -> 17.66 kB measured. The guards' word on a refused answer (which field,
  // what it held: 0.13 kB in every element), the receipt link in the paid state with its words and
  // style, and show-qr's QR of the transfer details where the session has no checkout URL
  // +0.1 kB (issue 47): 17.70 -> 17.73 kB measured, an element takes a registered table only once it
  // holds every key the element reads (a language may come in parts, one an element)
  // issue 44: 17.73 -> 17.65 kB measured with "I've sent the money" and "Pay for me": the error codes
  // from their status table, and the paid and expired states with their words loaded after the first
  // answer with the new parts (dynamic-account.later.ts), back within the settled 17.7 kB; its
  // script-tag files carry that later part (no lazy chunks there): 21.18 -> 22.70, 21.52 -> 23.02 kB
  // issue 47: on the view controller (controllers/view-task.ts, one class now) like the other views,
  // its first load kept within 17.7 kB by loading the paid state's styles with it (17.70 -> 17.69 kB
  // measured); its script-tag files carry both: 22.70 -> 22.83, 23.02 -> 23.15 kB, +0.1 kB
  budgets: { firstLoad: '17.7 kB', module: '22.9 kB', classic: '23.2 kB' },
} as const satisfies ElementDeclaration;
