// What <pay-dynamic-account> says in Arabic in the parts it loads after its first answer
// (dynamic-account.later.ts), as ../en/dynamic-account-later.ts does in English.
import type { DynamicAccountLaterTranslation, IdentityTranslation } from '../types.js';
import { identity } from './shared.js';

export const arDynamicAccountLater: IdentityTranslation & DynamicAccountLaterTranslation = {
  ...identity,
  expiredBody: 'لا ترسل أي مبلغ إلى هذا الحساب بعد الآن. احصل على حساب جديد للدفع.',
  expiredAlreadySent:
    'هل أرسلت تحويلًا بالفعل؟ إذا غادر بنكك قبل انتهاء صلاحية الحساب فهو محسوب، وستعرضه هذه الصفحة عند وصوله. أما التحويل المرسل بعد ذلك فيُرفض ويعيده إليك بنكك.',
  renew: 'احصل على حساب جديد',
  renewing: 'جارٍ إنشاء حساب جديد…',
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
};
