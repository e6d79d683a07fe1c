// <pay-link>, declared once (see ../element-declaration.ts).
import type { ElementDeclaration } from '../element-declaration.js';

export default {
  tag: 'pay-link',
  className: 'PayLink',
  summary: 'a payment link to pass on, with its QR code',
  events: ['pay-share', 'pay-copy', 'pay-error'],
  showsQr: true,
  exports: ['type LinkElementState'],
  budgets: { firstLoad: '14.9 kB', module: '16.7 kB', classic: '17 kB' },
} as const satisfies ElementDeclaration;
