// <pay-greeting>, declared once (see ../element-declaration.ts).
import type { ElementDeclaration } from '../element-declaration.js';

export default {
  tag: 'pay-greeting',
  className: 'PayGreeting',
  summary: 'a greeting from the merchant, to wave back at',
  events: ['pay-wave', 'pay-error'],
  showsQr: false,
  budgets: { firstLoad: '12 kB', module: '13 kB', classic: '14 kB' },
} as const satisfies ElementDeclaration;
