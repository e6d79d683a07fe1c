// What <pay-qr> says in Swahili.
import type { QrTerms } from '../types.js';
import { identity } from './shared.js';

export const swQr: QrTerms = {
  ...identity,
  qrCode: 'Msimbo wa QR',
};
