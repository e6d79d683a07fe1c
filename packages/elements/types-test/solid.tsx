/** @jsxImportSource solid-js */
// Solid: the elements as plain tags, typed by `@pay-elements/elements/jsx/solid`.
import type {} from '@pay-elements/elements/jsx/solid';
import type { PayErrorEvent } from '@pay-elements/elements';

export const ok = (
  <pay-dynamic-account
    session="ses_123"
    class="checkout"
    on:pay-paid={(event) => event.detail.session.paid_at}
  />
);
export const picker = <pay-bank-picker country="KE" on:change={(event) => event.type} />;

// @ts-expect-error -- value is a string
export const wrongValue = <pay-qr value={42} />;
// @ts-expect-error -- a pay-paid listener receives a PayPaidEvent
export const wrongEvent = <pay-dynamic-account on:pay-paid={(event: PayErrorEvent) => event} />;
