// Vue: the elements in templates, typed by `@pay-elements/elements/vue` (GlobalComponents, which
// Vue's language tools read for `<pay-qr :value="…" @pay-paid="…">`).
import type {} from '@pay-elements/elements/vue';
import type { GlobalComponents } from 'vue';
import type { PayErrorEvent } from '@pay-elements/elements';

type PropsOf<Tag extends keyof GlobalComponents> = InstanceType<GlobalComponents[Tag]>['$props'];

export const account: PropsOf<'pay-dynamic-account'> = {
  session: 'ses_123',
  showQr: true,
  onPayPaid: (event) => event.detail.session.paid_at,
  onPayStatusChange: (event) => event.detail.status,
};
export const qr: PropsOf<'pay-qr'> = { value: 'https://pay.example', errorCorrection: 'L' };
export const invoice: PropsOf<'pay-invoice-view'> = {
  token: 'a-token-from-the-server',
  onPayInvoicePaid: (e) => e.detail.invoice,
};
export const link: PropsOf<'pay-link'> = { linkId: 'lnk_1', onPayShare: (event) => event.detail.title };
export const funding: PropsOf<'pay-funding-account'> = {
  token: 'a-token-from-the-server',
  onPayDeposit: (event) => event.detail.deposit.amount,
};
export const picker: PropsOf<'pay-bank-picker'> = { country: 'GH', onChange: (event) => event.type };

// @ts-expect-error -- value is a string
export const wrongValue: PropsOf<'pay-qr'> = { value: 42 };
// @ts-expect-error -- a funding account has no pay-paid
export const noPaid: PropsOf<'pay-funding-account'> = { onPayPaid: () => undefined };
// @ts-expect-error -- onPayPaid receives a PayPaidEvent
export const wrongEvent: PropsOf<'pay-dynamic-account'> = { onPayPaid: (event: PayErrorEvent) => event };
