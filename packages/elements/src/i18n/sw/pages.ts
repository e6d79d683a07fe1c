// What the hosted pages around the elements say in Swahili (their titles, headings, leads and links).
import type { HostedPageTerms } from '../types.js';

export const swPages: HostedPageTerms = {
  $code: 'sw',
  $name: 'Kiswahili',
  $dir: 'ltr',
  page: {
    backTo: (merchant) => `Rudi kwa ${merchant}`,
    backToShop: 'Rudi dukani',
    notFound: { title: 'Ukurasa haukupatikana', message: 'Hakuna kitu kwenye anwani hii.' },
    checkout: {
      heading: {
        pending: (merchant) => `Lipa ${merchant}`,
        pendingNoMerchant: 'Lipia oda yako',
        paid: 'Oda yako imelipwa',
        expired: 'Muda wa kulipa umekwisha',
      },
      lead: 'Tuma kiasi kamili kilicho hapa chini kutoka kwenye programu ya benki yako.',
      order: (reference) => `Oda ${reference}`,
      description: (order, merchant) =>
        `${merchant ? `${merchant}: ` : ''}${order ?? 'oda yako'}, inalipwa kwa uhamisho wa benki.`,
      missing: {
        title: 'Malipo hayakupatikana',
        message: 'Kiungo hiki cha malipo si sahihi. Omba kipya kutoka kwa duka.',
      },
    },
    invoice: {
      title: (number, total) => `Ankara ${number} — ${total}`,
      heading: {
        pending: (merchant) => `Lipa ${merchant}`,
        paid: 'Ankara hii imelipwa',
        cancelled: 'Ankara hii imeghairiwa',
      },
      description: {
        pending: (number, merchant, total, due) =>
          `Ankara ${number} kutoka ${merchant}: ${total}.${due ? ` Inadaiwa ${due}.` : ''} Lipa kwa uhamisho wa benki.`,
        overdue: (number, merchant, total, due) =>
          `Ankara ${number} kutoka ${merchant}: ${total}. Imepitwa na muda${due ? ` tangu ${due}` : ''}. Lipa kwa uhamisho wa benki.`,
        paid: (number, merchant, total) => `Ankara ${number} kutoka ${merchant}: ${total}, imelipwa. Asante.`,
        cancelled: (number, merchant, total) => `Ankara ${number} kutoka ${merchant}: ${total}. Imeghairiwa.`,
      },
      missing: {
        title: 'Ankara haikupatikana',
        message: 'Hakuna ankara kama hii. Angalia kiungo ulichotumiwa, au omba kipya kwa aliyekutumia.',
      },
      unavailable: {
        title: 'Ankara haipatikani',
        message: 'Ankara hii haiwezi kuonyeshwa sasa hivi. Tafadhali jaribu tena baada ya muda mfupi.',
      },
    },
    fund: {
      title: (merchant) => `Akaunti zako kwa ${merchant}`,
      description: (merchant) => `Akaunti zako mwenyewe kwa ${merchant}: weka kiasi chochote, wakati wowote.`,
      heading: (merchant) => `Ongeza salio lako kwa ${merchant}`,
      lead: 'Tuma kiasi chochote kutoka benki yako kwenda kwenye mojawapo ya akaunti hizi, wakati wowote. Kinaingizwa kwako mara kinapofika.',
      missing: {
        title: 'Kiungo si sahihi',
        message: 'Kiungo hiki kimeisha muda au si sahihi. Omba kipya kutoka kwa duka.',
      },
      unavailable: {
        title: 'Akaunti hazipatikani',
        message: 'Akaunti zako haziwezi kuonyeshwa sasa hivi. Tafadhali jaribu tena baada ya muda mfupi.',
      },
    },
  },
};
