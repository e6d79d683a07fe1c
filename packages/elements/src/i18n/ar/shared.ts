// The Arabic that several elements show, one export a part (as ../en/shared.ts).
import type {
  CopyTranslation,
  FailureTranslation,
  IdentityTranslation,
  PaymentDetailsTranslation,
  ReceiptTranslation,
} from '../types.js';

const genericError = 'حدث خطأ من جانبنا. يُرجى المحاولة مرة أخرى.';

export const identity: IdentityTranslation = {
  $code: 'ar',
  $name: 'العربية',
  $dir: 'rtl',
};

export const failure: FailureTranslation = {
  errors: {
    invalid_request: 'رابط الدفع هذا غير صالح.',
    not_found: 'لم نعثر على عملية الدفع هذه. ربما أُلغيت.',
    conflict: 'تغيّرت عملية الدفع هذه في هذه الأثناء. أعد تحميل الصفحة لمعرفة حالتها.',
    method_not_allowed: genericError,
    forbidden: genericError,
    payload_too_large: genericError,
    unsupported_media_type: genericError,
    rate_limited: 'محاولات كثيرة جدًا. انتظر قليلًا ثم حاول مرة أخرى.',
    upstream_unavailable: 'خدمة الدفع لا تستجيب حاليًا. يُرجى المحاولة بعد قليل.',
    internal: genericError,
    network_error: 'تعذّر الوصول إلى خدمة الدفع. تحقّق من اتصالك وحاول مرة أخرى.',
    invalid_response: 'أرسلت خدمة الدفع ردًّا غير متوقَّع. يُرجى المحاولة مرة أخرى.',
  },
  retry: 'إعادة المحاولة',
};

export const copying: CopyTranslation = {
  copy: 'نسخ',
  copied: 'تم النسخ',
  copyFailed: 'تعذّر النسخ. حدِّد النص وانسخه يدويًا.',
};

export const paymentDetails: PaymentDetailsTranslation = {
  bankLabel: 'البنك',
  accountNameLabel: 'اسم صاحب الحساب',
  accountNumberLabel: 'رقم الحساب',
  copyAccountNumber: 'نسخ رقم الحساب',
  copiedAccountNumber: 'تم نسخ رقم الحساب',
  connection: { reconnecting: 'جارٍ إعادة الاتصال…' },
};

export const receipt: ReceiptTranslation = {
  viewReceipt: 'عرض الإيصال',
};
