// Svelte: the attributes svelte-check allows on each tag, typed by `@pay-elements/elements/svelte`.
import type {} from '@pay-elements/elements/svelte';
import type { PayErrorEvent } from '@pay-elements/elements';

type AttributesOf<Tag extends keyof svelteHTML.IntrinsicElements> = svelteHTML.IntrinsicElements[Tag];

export const account: AttributesOf<'pay-dynamic-account'> = {
  session: 'ses_123',
  class: 'checkout',
  'onpay-paid': (event) => event.detail.session.paid_at,
  'on:pay-expired': (event) => event.detail.session.status,
};
export const picker: AttributesOf<'pay-bank-picker'> = { country: 'ZA', oninput: (event) => event.type };

// @ts-expect-error -- value is a string
export const wrongValue: AttributesOf<'pay-qr'> = { value: 42 };
export const wrongEvent: AttributesOf<'pay-dynamic-account'> = {
  // @ts-expect-error -- a pay-paid listener receives a PayPaidEvent
  'onpay-paid': (event: PayErrorEvent) => event,
};
