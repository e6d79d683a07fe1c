// What the elements' server-rendered fallback (./ssr) says in Arabic.
import type { HostedTerms } from '../types.js';
import { identity, paymentDetails } from './shared.js';

export const arHosted: HostedTerms = {
  ...identity,
  ...paymentDetails,
  hosted: {
    expiresAt: (time) => `تنتهي الصلاحية في ${time}`,
    checkAgain: 'تحقق مرة أخرى',
    checkAgainHint: 'لا تتحدث هذه الصفحة تلقائيًا: تحقق مرة أخرى بعد التحويل.',
  },
};
