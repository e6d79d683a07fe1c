// What <pay-qr> says in French.
import type { QrTerms } from '../types.js';
import { identity } from './shared.js';

export const frQr: QrTerms = {
  ...identity,
  qrCode: 'Code QR',
};
