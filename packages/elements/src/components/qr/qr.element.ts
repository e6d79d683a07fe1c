// <pay-qr>, declared once (see ../element-declaration.ts).
import type { ElementDeclaration } from '../element-declaration.js';

export default {
  tag: 'pay-qr',
  className: 'PayQr',
  summary: 'a QR code of `value`, drawn as SVG',
  events: [],
  budgets: { firstLoad: '9.1 kB', module: '9.1 kB', classic: '9.5 kB' },
} as const satisfies ElementDeclaration;
