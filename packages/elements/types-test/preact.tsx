/** @jsxImportSource preact */
// Preact: the elements as plain tags, typed by `@pay-elements/elements/jsx/preact`.
import type {} from '@pay-elements/elements/jsx/preact';
import type { PayErrorEvent } from '@pay-elements/elements';

export const ok = (
  <pay-dynamic-account
    session="ses_123"
    class="checkout"
    showQr
    onpay-paid={(event) => event.detail.session.paid_at}
  />
);
export const qr = <pay-qr value="https://pay.example" />;

// @ts-expect-error -- value is a string
export const wrongValue = <pay-qr value={42} />;
// @ts-expect-error -- a pay-paid listener receives a PayPaidEvent
export const wrongEvent = <pay-dynamic-account onpay-paid={(event: PayErrorEvent) => event} />;
