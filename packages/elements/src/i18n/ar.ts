// Arabic (Modern Standard Arabic), written right to left. Importing this module registers it:
// `import '@pay-elements/elements/i18n/ar'`. Numbers, money and dates come formatted by Intl for the
// page's full tag, so `ar-EG` shows Arabic-Indic digits and `ar-MA` Latin ones, as Intl decides.
import { registerTranslation } from './registry.js';
import type { Translation } from './types.js';

const genericError = 'حدث خطأ من جانبنا. يُرجى المحاولة مرة أخرى.';
const plural = new Intl.PluralRules('ar');

/** "12 بنكًا": the noun after an Arabic number takes one of six forms. */
function banks(count: number, formatted: string): string {
  switch (plural.select(count)) {
    case 'zero':
      return 'لا توجد بنوك';
    case 'one':
      return 'بنك واحد';
    case 'two':
      return 'بنكان';
    case 'few':
      return `${formatted} بنوك`;
    case 'many':
      return `${formatted} بنكًا`;
    default:
      return `${formatted} بنك`;
  }
}

const ar: Translation = {
  $code: 'ar',
  $name: 'العربية',
  $dir: 'rtl',
  regionLabel: 'الدفع بالتحويل المصرفي',
  loading: 'جارٍ تحميل بيانات الدفع…',
  statusTitle: {
    pending: 'الدفع بالتحويل المصرفي',
    paid: 'تم استلام الدفعة',
    expired: 'انتهت صلاحية هذا الحساب',
  },
  instructions: (amount) => `حوِّل ${amount} بالضبط إلى هذا الحساب`,
  amountLabel: 'المبلغ',
  bankLabel: 'البنك',
  accountNameLabel: 'اسم صاحب الحساب',
  accountNumberLabel: 'رقم الحساب',
  copy: 'نسخ',
  copied: 'تم النسخ',
  copyAccountNumber: 'نسخ رقم الحساب',
  copyAmount: 'نسخ المبلغ',
  copiedAccountNumber: 'تم نسخ رقم الحساب',
  copiedAmount: 'تم نسخ المبلغ',
  copyFailed: 'تعذّر النسخ. حدِّد النص وانسخه يدويًا.',
  timeLeftLabel: 'الوقت المتبقي للدفع',
  timeLeftValue: (duration) => `الوقت المتبقي: ${duration}`,
  expiresIn: (clockFace) => `تنتهي الصلاحية خلال ${clockFace}`,
  remainingAnnouncement: (duration) => `الوقت المتبقي للدفع: ${duration}`,
  lowTime: (duration) => `بقي أقل من ${duration}. أرسل التحويل الآن، أو انتظر حسابًا جديدًا.`,
  waiting: 'في انتظار تحويلك. تتحدّث هذه الصفحة تلقائيًا.',
  paidAt: (dateTime) => `تم الاستلام في ${dateTime}`,
  paidBody: 'شكرًا لك. لقد وصل تحويلك.',
  expiredBody: 'لا ترسل أي مبلغ إلى هذا الحساب بعد الآن. احصل على حساب جديد للدفع.',
  expiredAlreadySent:
    'هل أرسلت تحويلًا بالفعل؟ إذا غادر بنكك قبل انتهاء صلاحية الحساب فهو محسوب، وستعرضه هذه الصفحة عند وصوله. أما التحويل المرسل بعد ذلك فيُرفض ويعيده إليك بنكك.',
  newAccount: 'هذا رقم حساب جديد. لا ترسل أي مبلغ إلى الرقم السابق.',
  renew: 'احصل على حساب جديد',
  renewing: 'جارٍ إنشاء حساب جديد…',
  errorTitle: 'تعذّر تحميل عملية الدفع هذه',
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
  qrCode: 'رمز QR',
  qrCheckout: 'رمز QR للدفع من جهاز آخر',
  qrCheckoutCaption: 'امسح الرمز للدفع من هاتفك',
  qrDetails: 'رمز QR لبيانات التحويل',
  qrDetailsCaption: 'امسح الرمز لنقل هذه البيانات إلى هاتفك',
  detailLine: (label, value) => `${label}: ${value}`,
  viewReceipt: 'عرض الإيصال',
  claim: {
    button: 'لقد أرسلت المال',
    sending: 'جارٍ الإرسال…',
    confirming: 'نتحقق من تحويلك — يستغرق ذلك عادةً بضع دقائق',
  },
  payForMe: {
    button: 'ادفع عني',
    intro: 'هل يمكنك دفع هذا عني بتحويل بنكي؟',
    expiresLabel: 'ادفع قبل',
    linkLabel: 'ادفع عبر الإنترنت',
    copied: 'تم نسخ تفاصيل الدفع. أرسلها إلى من سيدفع عنك.',
    hint: 'اضغط مطولًا للنسخ',
  },
  connection: { reconnecting: 'جارٍ إعادة الاتصال…' },
  bankPicker: {
    label: 'البنك',
    placeholder: 'ابحث عن بنك',
    showList: 'عرض البنوك',
    suggested: 'بنوك مقترحة',
    allBanks: 'جميع البنوك',
    loading: 'جارٍ تحميل البنوك…',
    resultCount: banks,
    noMatch: 'لا يوجد بنك مطابق',
    moreResults: (shown, total) =>
      `عدد البنوك المعروضة ${shown} من أصل ${total}. تابع الكتابة لتضييق القائمة.`,
    selected: (name) => `تم اختيار ${name}`,
    required: 'اختر بنكًا.',
    loadFailed: 'تعذّر تحميل قائمة البنوك',
    unknownCountry: (country) => `لا توجد قائمة بنوك للبلد «${country}».`,
  },
  invoice: {
    title: (number) => `الفاتورة ${number}`,
    loading: 'جارٍ تحميل الفاتورة…',
    status: { pending: 'بانتظار الدفع', paid: 'مدفوعة', overdue: 'متأخرة', cancelled: 'ملغاة' },
    statusBody: {
      pending: 'ادفع بالتحويل المصرفي إلى الحساب أدناه. تتحدّث هذه الصفحة تلقائيًا.',
      paid: 'تم دفع هذه الفاتورة. شكرًا لك.',
      overdue: 'انقضى تاريخ الاستحقاق. لا يزال بإمكانك الدفع بالتحويل المصرفي إلى الحساب أدناه.',
      cancelled: 'أُلغيت هذه الفاتورة. لا تدفعها.',
    },
    statusAnnouncement: {
      pending: 'الفاتورة بانتظار الدفع',
      paid: 'تم دفع الفاتورة',
      overdue: 'الفاتورة متأخرة السداد',
      cancelled: 'أُلغيت الفاتورة',
    },
    dueDateLabel: 'تاريخ الاستحقاق',
    issuedLabel: 'تاريخ الإصدار',
    itemsCaption: 'البنود',
    itemColumn: 'البند',
    quantityColumn: 'الكمية',
    unitPriceColumn: 'سعر الوحدة',
    lineTotalColumn: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    total: 'الإجمالي',
    charge: { discount: 'الخصم', tax: 'الضريبة', fee: 'الرسوم', shipping: 'الشحن' },
    chargeWithRate: (name, rate) => `${name} (${rate})`,
    noteLabel: 'ملاحظة',
    paymentDetailsTitle: 'بيانات الدفع',
    paymentInstructions: (total) => `حوِّل ${total} إلى هذا الحساب`,
    currencyLabel: 'العملة',
    swiftCodeLabel: 'رمز SWIFT',
    copySwiftCode: 'نسخ رمز SWIFT',
    copiedSwiftCode: 'تم نسخ رمز SWIFT',
    copyTotal: 'نسخ الإجمالي',
    copiedTotal: 'تم نسخ الإجمالي',
    qrLabel: 'رمز QR لدفع هذه الفاتورة من جهاز آخر',
    print: 'طباعة أو حفظ بصيغة PDF',
    errorTitle: 'تعذّر تحميل هذه الفاتورة',
    notFound: 'هذه الفاتورة غير موجودة',
  },
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
  hosted: {
    expiresAt: (time) => `تنتهي الصلاحية في ${time}`,
    checkAgain: 'تحقق مرة أخرى',
    checkAgainHint: 'لا تتحدث هذه الصفحة تلقائيًا: تحقق مرة أخرى بعد التحويل.',
  },
};

registerTranslation(ar);

export default ar;
