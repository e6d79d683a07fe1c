// What the hosted receipt page says, in the five languages the elements ship (en, fr, pt, sw, ar): one
// table per language, the same keys in each (the type holds them to it). Amounts and dates are not
// here: the page formats them with Intl in the table's locale.
import type { HostedLanguage } from './hosted-render.js';

export interface ReceiptTerms {
  /** `dir` of the page */
  dir: 'ltr' | 'rtl';
  /** the page's title and heading: "Receipt R-000042" */
  title: (number: string) => string;
  heading: string;
  thanks: (merchant: string) => string;
  number: string;
  paidTo: string;
  paidFor: string;
  /** the merchant's own reference: of an order, of an invoice */
  reference: { session: string; invoice: string };
  amount: string;
  paidAt: string;
  transferReference: string;
  bank: string;
  accountName: string;
  accountNumber: string;
  issuedAt: string;
  /** the button that opens the browser's print dialog (where "Save as PDF" is) */
  print: string;
  /** the link to the shop's own site (PAY_SHOP_URL) */
  back: (merchant: string) => string;
  /** the not-found page of a tampered or made-up link, and the page while the kit cannot answer */
  missing: { title: string; message: string };
  unavailable: { title: string; message: string };
}

const en: ReceiptTerms = {
  dir: 'ltr',
  title: (number) => `Receipt ${number}`,
  heading: 'Payment received',
  thanks: (merchant) => `Thank you for your payment to ${merchant}. Keep this receipt for your records.`,
  back: (merchant) => `Back to ${merchant}`,
  number: 'Receipt number',
  paidTo: 'Paid to',
  paidFor: 'Paid for',
  reference: { session: 'Order reference', invoice: 'Invoice number' },
  amount: 'Amount paid',
  paidAt: 'Paid on',
  transferReference: 'Transfer reference',
  bank: 'Bank',
  accountName: 'Account name',
  accountNumber: 'Account number',
  issuedAt: 'Issued on',
  print: 'Print or save as PDF',
  missing: {
    title: 'Receipt not found',
    message: 'This receipt link is not valid. Ask the shop for a new one.',
  },
  unavailable: {
    title: 'Receipt unavailable',
    message: 'This receipt cannot be shown right now. Please try again in a moment.',
  },
};

const fr: ReceiptTerms = {
  dir: 'ltr',
  title: (number) => `Reçu ${number}`,
  heading: 'Paiement reçu',
  thanks: (merchant) => `Merci pour votre paiement à ${merchant}. Conservez ce reçu.`,
  back: (merchant) => `Retour à ${merchant}`,
  number: 'Numéro du reçu',
  paidTo: 'Payé à',
  paidFor: 'Objet',
  reference: { session: 'Référence de la commande', invoice: 'Numéro de facture' },
  amount: 'Montant payé',
  paidAt: 'Payé le',
  transferReference: 'Référence du virement',
  bank: 'Banque',
  accountName: 'Titulaire du compte',
  accountNumber: 'Numéro de compte',
  issuedAt: 'Émis le',
  print: 'Imprimer ou enregistrer en PDF',
  missing: {
    title: 'Reçu introuvable',
    message: 'Ce lien de reçu n’est pas valide. Demandez-en un nouveau à la boutique.',
  },
  unavailable: {
    title: 'Reçu indisponible',
    message: 'Ce reçu ne peut pas être affiché pour le moment. Réessayez dans un instant.',
  },
};

const pt: ReceiptTerms = {
  dir: 'ltr',
  title: (number) => `Recibo ${number}`,
  heading: 'Pagamento recebido',
  thanks: (merchant) => `Obrigado pelo seu pagamento a ${merchant}. Guarde este recibo.`,
  back: (merchant) => `Voltar a ${merchant}`,
  number: 'Número do recibo',
  paidTo: 'Pago a',
  paidFor: 'Referente a',
  reference: { session: 'Referência do pedido', invoice: 'Número da fatura' },
  amount: 'Valor pago',
  paidAt: 'Pago em',
  transferReference: 'Referência da transferência',
  bank: 'Banco',
  accountName: 'Titular da conta',
  accountNumber: 'Número da conta',
  issuedAt: 'Emitido em',
  print: 'Imprimir ou guardar em PDF',
  missing: {
    title: 'Recibo não encontrado',
    message: 'Este link de recibo não é válido. Peça um novo à loja.',
  },
  unavailable: {
    title: 'Recibo indisponível',
    message: 'Não é possível mostrar este recibo agora. Tente novamente daqui a pouco.',
  },
};

const sw: ReceiptTerms = {
  dir: 'ltr',
  title: (number) => `Risiti ${number}`,
  heading: 'Malipo yamepokelewa',
  thanks: (merchant) => `Asante kwa malipo yako kwa ${merchant}. Hifadhi risiti hii.`,
  back: (merchant) => `Rudi kwa ${merchant}`,
  number: 'Nambari ya risiti',
  paidTo: 'Amelipwa',
  paidFor: 'Malipo ya',
  reference: { session: 'Kumbukumbu ya oda', invoice: 'Nambari ya ankara' },
  amount: 'Kiasi kilicholipwa',
  paidAt: 'Tarehe ya malipo',
  transferReference: 'Kumbukumbu ya uhamisho',
  bank: 'Benki',
  accountName: 'Jina la akaunti',
  accountNumber: 'Nambari ya akaunti',
  issuedAt: 'Imetolewa',
  print: 'Chapisha au hifadhi kama PDF',
  missing: {
    title: 'Risiti haikupatikana',
    message: 'Kiungo hiki cha risiti si sahihi. Omba kipya kutoka kwa duka.',
  },
  unavailable: {
    title: 'Risiti haipatikani',
    message: 'Risiti hii haiwezi kuonyeshwa sasa hivi. Tafadhali jaribu tena baada ya muda mfupi.',
  },
};

const ar: ReceiptTerms = {
  dir: 'rtl',
  title: (number) => `إيصال ${number}`,
  heading: 'تم استلام الدفعة',
  thanks: (merchant) => `شكرًا لك على دفعتك إلى ${merchant}. احتفظ بهذا الإيصال.`,
  back: (merchant) => `العودة إلى ${merchant}`,
  number: 'رقم الإيصال',
  paidTo: 'المستفيد',
  paidFor: 'مقابل',
  reference: { session: 'مرجع الطلب', invoice: 'رقم الفاتورة' },
  amount: 'المبلغ المدفوع',
  paidAt: 'تاريخ الدفع',
  transferReference: 'مرجع التحويل',
  bank: 'البنك',
  accountName: 'اسم صاحب الحساب',
  accountNumber: 'رقم الحساب',
  issuedAt: 'تاريخ الإصدار',
  print: 'طباعة أو حفظ بصيغة PDF',
  missing: {
    title: 'الإيصال غير موجود',
    message: 'رابط الإيصال هذا غير صالح. اطلب رابطًا جديدًا من المتجر.',
  },
  unavailable: {
    title: 'الإيصال غير متاح',
    message: 'لا يمكن عرض هذا الإيصال الآن. يُرجى المحاولة مرة أخرى بعد قليل.',
  },
};

/** The receipt page's table for each language the hosted pages speak. */
export const receiptTerms: Record<HostedLanguage, ReceiptTerms> = { en, fr, pt, sw, ar };
