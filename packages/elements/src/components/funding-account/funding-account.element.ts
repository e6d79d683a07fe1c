// <pay-funding-account>, declared once (see ../element-declaration.ts).
import type { ElementDeclaration } from '../element-declaration.js';

export default {
  tag: 'pay-funding-account',
  className: 'PayFundingAccount',
  summary: "a customer's own accounts to pay into at any time, with the deposits as they arrive",
  events: ['pay-deposit', 'pay-error', 'pay-copy'],
  showsQr: true,
  exports: ['fundingPollSchedule', 'type FundingAccountState'],
  // first load, issue 33: 16.39 kB measured, below <pay-invoice-view>, whose controllers, panels and lazy
  // stream it shares; its own are its class, templates, styles, English and lib/funding.ts. A little
  // room. +0.1 kB (issue 47): 16.59 -> 16.62 kB, as <pay-dynamic-account>'s
  // +0.1 kB (issue 47, all three): its loading restarts from controllers/view-task.ts (args, as Lit's
  // Task), measured 16.62 -> 16.72, 19.08 -> 19.20, 19.40 -> 19.51 kB
  budgets: { firstLoad: '16.8 kB', module: '19.3 kB', classic: '19.6 kB' },
} as const satisfies ElementDeclaration;
