// The five markets the emulator serves, and everything keyed by them: the ISO codes of each form,
// the currency, the dialling prefix, the partner bank behind virtual accounts, and an exchange rate.
import { banksByCountry, usWireDetails, type WireDetails } from './banks.js';

export interface Market {
  /** ISO 3166-1 alpha-3, as customers carry it */
  alpha3: string;
  /** ISO 3166-1 alpha-2, as the bank list path takes it */
  alpha2: string;
  name: string;
  /** ISO 4217, upper-case */
  currency: string;
  dialCode: string;
  /** units of the currency per US dollar, scaled by 10^6 (fixed, so payments are reproducible) */
  ratePerUsd: bigint;
  /** the bank that issues virtual accounts in this market */
  partnerBank: PartnerBank;
}

/** A bank that issues virtual accounts, with what its accounts carry. */
export interface PartnerBank extends WireDetails {
  name: string;
  /** the accounts' `bank_code`: the bank's code in this market's list (its SWIFT code for USD, as the spec allows) */
  code: string;
}

const noRouting = { achRoutingNumber: '', rtpRoutingNumber: '', wireRoutingNumber: '' };

/**
 * The US bank of the list with this ABA code, as an issuer of USD accounts: its SWIFT code as the
 * accounts' `bank_code`, with its routing numbers and address.
 */
export function usBank(code: string): PartnerBank {
  const bank = banksByCountry.US?.find((b) => b.code === code);
  const wire = usWireDetails[code];
  if (!bank || !wire) throw new Error(`no US bank ${code} with wire details`);
  return { name: bank.name, code: wire.swiftCode, ...wire };
}

export const markets: readonly Market[] = [
  {
    alpha3: 'NGA',
    alpha2: 'NG',
    name: 'Nigeria',
    currency: 'NGN',
    dialCode: '+234',
    ratePerUsd: 1_550_000_000n,
    partnerBank: {
      name: 'Wema Bank',
      code: '035',
      swiftCode: 'WEMANGLA',
      ...noRouting,
      bankAddress: '54 Marina, Lagos Island, Lagos',
    },
  },
  {
    alpha3: 'GHA',
    alpha2: 'GH',
    name: 'Ghana',
    currency: 'GHS',
    dialCode: '+233',
    ratePerUsd: 15_400_000n,
    partnerBank: {
      name: 'GCB Bank',
      code: '040100',
      swiftCode: 'GHCBGHAC',
      ...noRouting,
      bankAddress: 'Thorpe Road, High Street, Accra',
    },
  },
  {
    alpha3: 'KEN',
    alpha2: 'KE',
    name: 'Kenya',
    currency: 'KES',
    dialCode: '+254',
    ratePerUsd: 129_500_000n,
    partnerBank: {
      name: 'Equity Bank',
      code: '68',
      swiftCode: 'EQBLKENA',
      ...noRouting,
      bankAddress: 'Equity Centre, Hospital Road, Upper Hill, Nairobi',
    },
  },
  {
    alpha3: 'ZAF',
    alpha2: 'ZA',
    name: 'South Africa',
    currency: 'ZAR',
    dialCode: '+27',
    ratePerUsd: 18_200_000n,
    partnerBank: {
      name: 'Standard Bank',
      code: '051001',
      swiftCode: 'SBZAZAJJ',
      ...noRouting,
      bankAddress: '5 Simmonds Street, Johannesburg',
    },
  },
  {
    alpha3: 'USA',
    alpha2: 'US',
    name: 'United States',
    currency: 'USD',
    dialCode: '+1',
    ratePerUsd: 1_000_000n,
    partnerBank: usBank('021000089'),
  },
];

/** Currencies payments may be sent in beyond the five markets (no bank list, no wallet). */
export const extraRatesPerUsd: Readonly<Record<string, bigint>> = { EUR: 920_000n, GBP: 790_000n };

export function marketByAlpha3(code: string): Market | undefined {
  return markets.find((m) => m.alpha3 === code.toUpperCase());
}
export function marketByAlpha2(code: string): Market | undefined {
  return markets.find((m) => m.alpha2 === code.toUpperCase());
}
export function marketByCurrency(currency: string): Market | undefined {
  return markets.find((m) => m.currency === currency.toUpperCase());
}
/** Units of `currency` per US dollar (scaled by 10^6), or undefined for a currency the emulator does not price. */
export function rateOf(currency: string): bigint | undefined {
  const upper = currency.toUpperCase();
  return marketByCurrency(upper)?.ratePerUsd ?? extraRatesPerUsd[upper];
}
