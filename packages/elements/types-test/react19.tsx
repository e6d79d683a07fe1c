// React 19: the elements as plain tags, typed by `@pay-elements/elements/jsx`.
import type {} from '@pay-elements/elements/jsx';
import type { PayTagName } from '@pay-elements/elements/jsx';
import { ManualClock } from '@pay-elements/elements';
import type { PayErrorEvent, PayPaidEvent } from '@pay-elements/elements';

// Every <pay-*> tag a define module registers is typed (all of src/define is in this program).
type Assert<T extends true> = T;
type Untyped = Exclude<Extract<keyof HTMLElementTagNameMap, `pay-${string}`>, PayTagName>;
export type _EveryTagIsTyped = Assert<[Untyped] extends [never] ? true : false>;

const clock = new ManualClock(Date.parse('2025-01-01T00:00:00Z'));
const paidAt = (event: PayPaidEvent): string | null => event.detail.session.paid_at;

export const allSix = (
  <>
    <pay-dynamic-account
      session="ses_123"
      endpoint="/pay"
      showQr
      theme="dark"
      clock={clock}
      className="checkout"
      onpay-paid={(event) => paidAt(event)}
      onpay-status-change={(event) => event.detail.status}
      onpay-error={(event) => event.detail.code}
      onpay-copy={(event) => event.detail.field}
      onpay-expired={(event) => event.detail.session.expires_at}
    />
    <pay-qr value="https://pay.example/checkout/ses_123" errorCorrection="H" label="Pay on your phone" />
    <pay-invoice-view
      token="a-token-from-the-server"
      onpay-invoice-paid={(event) => event.detail.invoice.status}
    />
    <pay-link linkId="lnk_1" onpay-share={(event) => event.preventDefault()} />
    <pay-funding-account
      token="a-token-from-the-server"
      updates="poll"
      onpay-deposit={(event) => event.detail.view.totals}
      onpay-copy={(event) => event.detail.field === 'wire-instructions'}
    />
    <pay-bank-picker country="NG" name="bank" required banks={[{ code: '058', name: 'GTBank' }]} />
  </>
);

export const wrong = (
  <>
    {/* @ts-expect-error -- value is a string */}
    <pay-qr value={42} />
    {/* @ts-expect-error -- theme is light, dark or auto */}
    <pay-dynamic-account theme="blue" />
    {/* @ts-expect-error -- errorCorrection is L, M, Q or H */}
    <pay-qr errorCorrection="X" />
    {/* @ts-expect-error -- no such property */}
    <pay-link colour="red" />
    {/* @ts-expect-error -- a pay-paid listener receives a PayPaidEvent, not a PayErrorEvent */}
    <pay-dynamic-account onpay-paid={(event: PayErrorEvent) => event.detail.code} />
    {/* @ts-expect-error -- a pay-invoice-paid listener receives a PayInvoicePaidEvent (its detail holds the invoice) */}
    <pay-invoice-view onpay-invoice-paid={(event: PayPaidEvent) => event.detail.session.id} />
    {/* @ts-expect-error -- a pay-deposit listener receives a PayDepositEvent */}
    <pay-funding-account onpay-deposit={(event: PayPaidEvent) => event.detail.session.id} />
    {/* @ts-expect-error -- clock is a Clock */}
    <pay-invoice-view clock="now" />
  </>
);
