// What <pay-qr> says in Arabic.
import type { QrTerms } from '../types.js';
import { identity } from './shared.js';

export const arQr: QrTerms = {
  ...identity,
  qrCode: 'رمز QR',
};
