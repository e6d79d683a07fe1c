// <pay-link>, declared once (see ../element-declaration.ts).
import type { ElementDeclaration } from '../element-declaration.js';

export default {
  tag: 'pay-link',
  className: 'PayLink',
  summary: 'a payment link to pass on, with its QR code',
  events: ['pay-share', 'pay-copy', 'pay-error'],
  showsQr: true,
  exports: ['type LinkElementState'],
  // +0.1 kB (issue 47, all three): its loading restarts from controllers/view-task.ts (args, as Lit's
  // Task), measured 14.82 -> 14.92, 16.61 -> 16.70, 16.93 -> 17.02 kB
  budgets: { firstLoad: '15 kB', module: '16.8 kB', classic: '17.1 kB' },
} as const satisfies ElementDeclaration;
