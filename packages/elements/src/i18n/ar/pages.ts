// What the hosted pages around the elements say in Arabic (their titles, headings, leads and links).
import type { HostedPageTerms } from '../types.js';

export const arPages: HostedPageTerms = {
  $code: 'ar',
  $name: 'العربية',
  $dir: 'rtl',
  page: {
    backTo: (merchant) => `العودة إلى ${merchant}`,
    backToShop: 'العودة إلى المتجر',
    notFound: { title: 'الصفحة غير موجودة', message: 'لا يوجد شيء على هذا العنوان.' },
    checkout: {
      heading: {
        pending: (merchant) => `الدفع إلى ${merchant}`,
        pendingNoMerchant: 'ادفع قيمة طلبك',
        paid: 'تم دفع طلبك',
        expired: 'انتهت مهلة الدفع',
      },
      lead: 'أرسل المبلغ المحدد أدناه بالضبط من تطبيق البنك الخاص بك.',
      order: (reference) => `الطلب ${reference}`,
      description: (order, merchant) =>
        `${merchant ? `${merchant}: ` : ''}${order ?? 'طلبك'}، الدفع بالتحويل البنكي.`,
      missing: {
        title: 'صفحة الدفع غير موجودة',
        message: 'رابط الدفع هذا غير صالح. اطلب رابطًا جديدًا من المتجر.',
      },
    },
    invoice: {
      title: (number, total) => `الفاتورة ${number} — ${total}`,
      heading: {
        pending: (merchant) => `الدفع إلى ${merchant}`,
        paid: 'تم دفع هذه الفاتورة',
        cancelled: 'تم إلغاء هذه الفاتورة',
      },
      description: {
        pending: (number, merchant, total, due) =>
          `الفاتورة ${number} من ${merchant}: ${total}.${due ? ` تاريخ الاستحقاق ${due}.` : ''} ادفع بالتحويل البنكي.`,
        overdue: (number, merchant, total, due) =>
          `الفاتورة ${number} من ${merchant}: ${total}. متأخرة${due ? ` منذ ${due}` : ''}. ادفع بالتحويل البنكي.`,
        paid: (number, merchant, total) => `الفاتورة ${number} من ${merchant}: ${total}، مدفوعة. شكرًا لك.`,
        cancelled: (number, merchant, total) => `الفاتورة ${number} من ${merchant}: ${total}. ملغاة.`,
      },
      missing: {
        title: 'الفاتورة غير موجودة',
        message: 'لا توجد فاتورة كهذه. تحقق من الرابط الذي أُرسل إليك، أو اطلب رابطًا جديدًا من المرسل.',
      },
      unavailable: {
        title: 'الفاتورة غير متاحة',
        message: 'لا يمكن عرض هذه الفاتورة الآن. يُرجى المحاولة مرة أخرى بعد قليل.',
      },
    },
    fund: {
      title: (merchant) => `حساباتك لدى ${merchant}`,
      description: (merchant) => `حساباتك الخاصة لدى ${merchant}: أودِع أي مبلغ في أي وقت.`,
      heading: (merchant) => `اشحن رصيدك لدى ${merchant}`,
      lead: 'أرسل أي مبلغ من بنكك إلى أحد هذه الحسابات في أي وقت. يُضاف إلى رصيدك فور وصوله.',
      missing: {
        title: 'الرابط غير صالح',
        message: 'انتهت صلاحية هذا الرابط أو أنه غير صالح. اطلب رابطًا جديدًا من المتجر.',
      },
      unavailable: {
        title: 'الحسابات غير متاحة',
        message: 'لا يمكن عرض حساباتك الآن. يُرجى المحاولة مرة أخرى بعد قليل.',
      },
    },
  },
};
