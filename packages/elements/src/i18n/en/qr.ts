// What <pay-qr> says in English.
import type { QrTerms } from '../types.js';
import { identity } from './shared.js';

export const enQr: QrTerms = {
  ...identity,
  qrCode: 'QR code',
};
