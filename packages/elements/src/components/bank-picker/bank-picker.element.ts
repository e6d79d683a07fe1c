// <pay-bank-picker>, declared once (see ../element-declaration.ts).
import type { ElementDeclaration } from '../element-declaration.js';

export default {
  tag: 'pay-bank-picker',
  className: 'PayBankPicker',
  summary: "a searchable list of a country's banks that takes part in forms",
  events: ['input', 'change'],
  // -0.6 kB (issue 32): its options rendered without lit's repeat directive (17.45 -> 16.86 kB)
  budgets: { firstLoad: '16.9 kB', module: '17.5 kB', classic: '17.5 kB' },
} as const satisfies ElementDeclaration;
