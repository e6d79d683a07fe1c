// What <pay-link> says in Swahili.
import type { LinkTerms } from '../types.js';
import { copying, failure, identity } from './shared.js';

export const swLink: LinkTerms = {
  ...identity,
  ...failure,
  ...copying,
  link: {
    label: 'Kiungo cha malipo',
    loading: 'Inapakia kiungo cha malipo…',
    status: { active: 'Kinatumika', inactive: 'Hakitumiki', expired: 'Muda umekwisha' },
    statusBody: {
      active: 'Kinapokea malipo',
      inactive: 'Hakipokei malipo kwa sasa',
      expired: 'Hakipokei malipo tena',
    },
    expiresLabel: 'Kinaisha',
    expiredLabel: 'Kiliisha',
    expiry: (relative, absolute) => `${relative} (${absolute})`,
    noExpiry: 'Hakiishi',
    copyLink: 'Nakili kiungo',
    copiedLink: 'Kiungo kimenakiliwa',
    share: 'Shiriki',
    shareLabel: 'Shiriki kiungo hiki cha malipo',
    open: 'Fungua ukurasa wa malipo',
    opensInNewTab: '(kinafunguka kwenye kichupo kipya)',
    qrLabel: 'Msimbo wa QR wa ukurasa wa malipo',
    errorTitle: 'Hatukuweza kupakia kiungo hiki cha malipo',
    notFound: 'Kiungo hiki cha malipo hakipo',
  },
};
