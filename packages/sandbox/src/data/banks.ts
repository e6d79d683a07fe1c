// The bank list per country (GET /v1/banks/{country_code}). Real banks with the codes their own
// clearing systems use: NIP/CBN codes in Nigeria, sort-code prefixes in Ghana, bank codes in Kenya,
// universal branch codes in South Africa, ABA routing numbers in the United States.
import type { Bank } from '@pay-elements/api';

export const banksByCountry: Readonly<Record<string, readonly Bank[]>> = {
  NG: [
    { name: 'Access Bank', code: '044' },
    { name: 'Guaranty Trust Bank', code: '058' },
    { name: 'First Bank of Nigeria', code: '011' },
    { name: 'United Bank for Africa', code: '033' },
    { name: 'Zenith Bank', code: '057' },
    { name: 'Fidelity Bank', code: '070' },
    { name: 'Sterling Bank', code: '232' },
    { name: 'Wema Bank', code: '035' },
    { name: 'Providus Bank', code: '101' },
    { name: 'Kuda Microfinance Bank', code: '50211' },
  ],
  GH: [
    { name: 'GCB Bank', code: '040100' },
    { name: 'Ecobank Ghana', code: '130100' },
    { name: 'Stanbic Bank Ghana', code: '190100' },
    { name: 'Absa Bank Ghana', code: '030100' },
    { name: 'Fidelity Bank Ghana', code: '240100' },
    { name: 'CalBank', code: '140100' },
  ],
  KE: [
    { name: 'KCB Bank Kenya', code: '01' },
    { name: 'Standard Chartered Bank Kenya', code: '02' },
    { name: 'Absa Bank Kenya', code: '03' },
    { name: 'NCBA Bank Kenya', code: '07' },
    { name: 'Co-operative Bank of Kenya', code: '11' },
    { name: 'Equity Bank', code: '68' },
  ],
  ZA: [
    { name: 'Absa Bank', code: '632005' },
    { name: 'Capitec Bank', code: '470010' },
    { name: 'First National Bank', code: '250655' },
    { name: 'Nedbank', code: '198765' },
    { name: 'Standard Bank', code: '051001' },
    { name: 'Investec Bank', code: '580105' },
  ],
  US: [
    { name: 'JPMorgan Chase Bank', code: '021000021' },
    { name: 'Bank of America', code: '026009593' },
    { name: 'Wells Fargo Bank', code: '121000248' },
    { name: 'Citibank N.A.', code: '021000089' },
    { name: 'U.S. Bank', code: '091000022' },
  ],
};

/**
 * What a USD account at a bank carries for money sent to it from elsewhere, fixed per bank (the spec's
 * `ach_routing_number`, `rtp_routing_number`, `wire_routing_number`, `swift_code`, `bank_address`):
 * the routing numbers, SWIFT code and head office these banks publish. Every US bank of the list has
 * one (a conformance test opens an account at each).
 */
export interface WireDetails {
  swiftCode: string;
  achRoutingNumber: string;
  rtpRoutingNumber: string;
  wireRoutingNumber: string;
  bankAddress: string;
}

/** By the bank's code in the US list (its ABA routing number). */
export const usWireDetails: Readonly<Record<string, WireDetails>> = {
  '021000021': {
    swiftCode: 'CHASUS33',
    achRoutingNumber: '021000021',
    rtpRoutingNumber: '021000021',
    wireRoutingNumber: '021000021',
    bankAddress: '383 Madison Avenue, New York, NY 10179',
  },
  '026009593': {
    swiftCode: 'BOFAUS3N',
    achRoutingNumber: '021000322',
    rtpRoutingNumber: '021000322',
    wireRoutingNumber: '026009593',
    bankAddress: '100 North Tryon Street, Charlotte, NC 28255',
  },
  '121000248': {
    swiftCode: 'WFBIUS6S',
    achRoutingNumber: '121000248',
    rtpRoutingNumber: '121000248',
    wireRoutingNumber: '121000248',
    bankAddress: '420 Montgomery Street, San Francisco, CA 94104',
  },
  '021000089': {
    swiftCode: 'CITIUS33',
    achRoutingNumber: '021000089',
    rtpRoutingNumber: '021000089',
    wireRoutingNumber: '021000089',
    bankAddress: '388 Greenwich Street, New York, NY 10013',
  },
  '091000022': {
    swiftCode: 'USBKUS44IMT',
    achRoutingNumber: '091000022',
    rtpRoutingNumber: '091000022',
    wireRoutingNumber: '091000022',
    bankAddress: '800 Nicollet Mall, Minneapolis, MN 55402',
  },
};

/** The bank with `code` in `country` (alpha-2), if the list has it. */
export function findBank(country: string, code: string): Bank | undefined {
  return banksByCountry[country.toUpperCase()]?.find((b) => b.code === code);
}
