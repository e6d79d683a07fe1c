// What <pay-invoice-view> says in Swahili.
import type { InvoiceViewTerms } from '../types.js';
import { copying, failure, identity, paymentDetails, receipt } from './shared.js';

export const swInvoiceView: InvoiceViewTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  ...receipt,
  invoice: {
    title: (number) => `Ankara ${number}`,
    loading: 'Inapakia ankara…',
    status: {
      pending: 'Inasubiri malipo',
      paid: 'Imelipwa',
      overdue: 'Imechelewa',
      cancelled: 'Imeghairiwa',
    },
    statusBody: {
      pending:
        'Lipa kwa uhamisho wa benki kwenye akaunti iliyo hapa chini. Ukurasa huu utajisasisha wenyewe.',
      paid: 'Ankara hii imelipwa. Asante.',
      overdue:
        'Tarehe ya mwisho ya kulipa imepita. Bado unaweza kulipa kwa uhamisho wa benki kwenye akaunti iliyo hapa chini.',
      cancelled: 'Ankara hii imeghairiwa. Usiilipe.',
    },
    statusAnnouncement: {
      pending: 'Ankara inasubiri malipo',
      paid: 'Ankara imelipwa',
      overdue: 'Malipo ya ankara yamechelewa',
      cancelled: 'Ankara imeghairiwa',
    },
    dueDateLabel: 'Tarehe ya mwisho',
    issuedLabel: 'Ilitolewa',
    itemsCaption: 'Bidhaa na huduma',
    itemColumn: 'Bidhaa',
    quantityColumn: 'Idadi',
    unitPriceColumn: 'Bei ya kimoja',
    lineTotalColumn: 'Kiasi',
    subtotal: 'Jumla ndogo',
    total: 'Jumla',
    charge: { discount: 'Punguzo', tax: 'Kodi', fee: 'Ada', shipping: 'Usafirishaji' },
    chargeWithRate: (name, rate) => `${name} (${rate})`,
    noteLabel: 'Ujumbe',
    paymentDetailsTitle: 'Maelezo ya malipo',
    paymentInstructions: (total) => `Tuma ${total} kwenye akaunti hii`,
    currencyLabel: 'Sarafu',
    swiftCodeLabel: 'Msimbo wa SWIFT',
    copySwiftCode: 'Nakili msimbo wa SWIFT',
    copiedSwiftCode: 'Msimbo wa SWIFT umenakiliwa',
    copyTotal: 'Nakili jumla',
    copiedTotal: 'Jumla imenakiliwa',
    qrLabel: 'Msimbo wa QR wa kulipa ankara hii kwenye kifaa kingine',
    print: 'Chapisha au hifadhi kama PDF',
    errorTitle: 'Hatukuweza kupakia ankara hii',
    notFound: 'Ankara hii haipo',
  },
};
