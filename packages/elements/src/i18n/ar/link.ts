// What <pay-link> says in Arabic.
import type { LinkTerms } from '../types.js';
import { copying, failure, identity } from './shared.js';

export const arLink: LinkTerms = {
  ...identity,
  ...failure,
  ...copying,
  link: {
    label: 'رابط الدفع',
    loading: 'جارٍ تحميل رابط الدفع…',
    status: { active: 'نشط', inactive: 'غير نشط', expired: 'منتهي الصلاحية' },
    statusBody: {
      active: 'يقبل المدفوعات',
      inactive: 'لا يقبل المدفوعات حاليًا',
      expired: 'لم يعد يقبل المدفوعات',
    },
    expiresLabel: 'ينتهي',
    expiredLabel: 'انتهى',
    expiry: (relative, absolute) => `${relative} (${absolute})`,
    noExpiry: 'لا ينتهي',
    copyLink: 'نسخ الرابط',
    copiedLink: 'تم نسخ الرابط',
    share: 'مشاركة',
    shareLabel: 'مشاركة رابط الدفع هذا',
    open: 'فتح صفحة الدفع',
    opensInNewTab: '(يُفتح في علامة تبويب جديدة)',
    qrLabel: 'رمز QR لصفحة الدفع',
    errorTitle: 'تعذّر تحميل رابط الدفع هذا',
    notFound: 'رابط الدفع هذا غير موجود',
  },
};
