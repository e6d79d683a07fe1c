// What <pay-qr> says in English, and the shape of its words that every language fills.
import type { IdentityTranslation } from '../parts.js';
import { identity } from './shared.js';

/** <pay-qr>. */
export interface QrTranslation {
  /** Default accessible name of <pay-qr>. */
  qrCode: string;
}

/** What <pay-qr> reads (its `localize.term`): its words and the shared ones. */
export type QrTerms = IdentityTranslation & QrTranslation;

export const enQr: QrTerms = {
  ...identity,
  qrCode: 'QR code',
};
