// What <pay-dynamic-account> says in Arabic.
import type { DynamicAccountTerms } from '../types.js';
import { copying, failure, identity, paymentDetails, receipt } from './shared.js';

export const arDynamicAccount: DynamicAccountTerms = {
  ...identity,
  ...failure,
  ...copying,
  ...paymentDetails,
  ...receipt,
  regionLabel: 'الدفع بالتحويل المصرفي',
  loading: 'جارٍ تحميل بيانات الدفع…',
  statusTitle: {
    pending: 'الدفع بالتحويل المصرفي',
    paid: 'تم استلام الدفعة',
    expired: 'انتهت صلاحية هذا الحساب',
  },
  instructions: (amount) => `حوِّل ${amount} بالضبط إلى هذا الحساب`,
  amountLabel: 'المبلغ',
  copyAmount: 'نسخ المبلغ',
  copiedAmount: 'تم نسخ المبلغ',
  timeLeftLabel: 'الوقت المتبقي للدفع',
  timeLeftValue: (duration) => `الوقت المتبقي: ${duration}`,
  expiresIn: (clockFace) => `تنتهي الصلاحية خلال ${clockFace}`,
  remainingAnnouncement: (duration) => `الوقت المتبقي للدفع: ${duration}`,
  lowTime: (duration) => `بقي أقل من ${duration}. أرسل التحويل الآن، أو انتظر حسابًا جديدًا.`,
  waiting: 'في انتظار تحويلك. تتحدّث هذه الصفحة تلقائيًا.',
  paidAt: (dateTime) => `تم الاستلام في ${dateTime}`,
  paidBody: 'شكرًا لك. لقد وصل تحويلك.',
  newAccount: 'هذا رقم حساب جديد. لا ترسل أي مبلغ إلى الرقم السابق.',
  errorTitle: 'تعذّر تحميل عملية الدفع هذه',
  qrCheckout: 'رمز QR للدفع من جهاز آخر',
  qrCheckoutCaption: 'امسح الرمز للدفع من هاتفك',
  qrDetails: 'رمز QR لبيانات التحويل',
  qrDetailsCaption: 'امسح الرمز لنقل هذه البيانات إلى هاتفك',
  detailLine: (label, value) => `${label}: ${value}`,
};
