// What <pay-funding-account> says in Arabic.
import type { FundingAccountTerms } from '../types.js';
import { copying, failure, identity, paymentDetails } from './shared.js';

export const arFundingAccount: FundingAccountTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  funding: {
    title: 'حسابات الدفع الخاصة بك',
    intro: 'أرسل أي مبلغ، في أي وقت، إلى أحد هذه الحسابات. يظهر كل إيداع أدناه فور وصوله.',
    loading: 'جارٍ تحميل حساباتك…',
    errorTitle: 'تعذّر تحميل حساباتك',
    notFound: 'انتهت صلاحية هذا الرابط أو أنه غير صالح. اطلب رابطًا جديدًا.',
    accountTitle: (currencyName) => `حساب ${currencyName}`,
    currencyLabel: 'العملة',
    label: {
      'account-name': 'اسم صاحب الحساب',
      'account-number': 'رقم الحساب',
      'bank-name': 'البنك',
      'bank-code': 'رمز البنك',
      'routing-ach': 'رقم توجيه ACH',
      'routing-rtp': 'رقم توجيه RTP',
      'routing-wire': 'رقم توجيه الحوالات',
      'swift-code': 'رمز SWIFT',
      'bank-address': 'عنوان البنك',
    },
    wireTitle: 'للتحويلات من الخارج',
    beneficiaryLabel: 'المستفيد',
    line: (label, value) => `${label}: ${value}`,
    copyField: (label) => `نسخ ${label}`,
    copiedField: (label) => `تم نسخ ${label}`,
    copyWire: 'نسخ تعليمات الحوالة',
    copiedWire: 'تم نسخ تعليمات الحوالة',
    qrLabel: (accountTitle) => `رمز QR لبيانات ${accountTitle}`,
    qrCaption: 'امسح الرمز لنقل هذه البيانات إلى هاتفك',
    depositsTitle: 'الإيداعات',
    noDeposits: 'لا توجد إيداعات بعد',
    totalLabel: 'إجمالي المبالغ المستلمة',
    depositTo: (accountNumber) => `إلى ${accountNumber}`,
    received: (amount) => `تم استلام ${amount}`,
  },
};
