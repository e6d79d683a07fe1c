// What <pay-qr> says in Portuguese.
import type { QrTerms } from '../types.js';
import { identity } from './shared.js';

export const ptQr: QrTerms = {
  ...identity,
  qrCode: 'Código QR',
};
