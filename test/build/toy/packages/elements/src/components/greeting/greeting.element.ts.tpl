// <pay-greeting>, declared once (see ../element-declaration.ts).
import type { ElementDeclaration } from '../element-declaration.js';

export default {
  tag: 'pay-greeting',
  className: 'PayGreeting',
  summary: 'a greeting from the merchant, to wave back at',
  events: ['pay-wave', 'pay-error'],
  showsQr: false,
  // measured once in the copy (PAY_KEEP_SCRATCH=1, then npm run size): 12.38, 12.72, 12.71 kB
  budgets: { firstLoad: '12.5 kB', module: '12.8 kB', classic: '12.8 kB' },
} as const satisfies ElementDeclaration;
