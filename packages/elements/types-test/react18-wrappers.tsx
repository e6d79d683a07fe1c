// React 18 (and 19): the wrappers of `@pay-elements/elements/react`.
import { useRef } from 'react';
import {
  PayBankPicker,
  PayDynamicAccount,
  PayFundingAccount,
  PayInvoiceView,
  PayLink,
  PayQr,
} from '@pay-elements/elements/react';
import type * as wrappers from '@pay-elements/elements/react';
import type { PascalCase, PayTagName } from '@pay-elements/elements/jsx';

// Every element has its wrapper: <pay-bank-picker> → PayBankPicker.
type Assert<T extends true> = T;
type Unwrapped = Exclude<PascalCase<PayTagName>, keyof typeof wrappers>;
export type _EveryTagIsWrapped = Assert<[Unwrapped] extends [never] ? true : false>;
import type { PayDynamicAccount as PayDynamicAccountElement, PayErrorEvent } from '@pay-elements/elements';

export function Checkout({ session }: { session: string }) {
  const ref = useRef<PayDynamicAccountElement>(null);
  return (
    <>
      <PayDynamicAccount
        ref={ref}
        session={session}
        showQr
        onPayPaid={(event) => event.detail.session.paid_at}
        onPayStatusChange={(event) => event.detail.previous}
        onPayExpired={(event) => event.detail.session.status}
        onPayError={(event) => event.detail.operation}
        onPayCopy={(event) => event.detail.value}
      />
      <PayQr value="https://pay.example" errorCorrection="Q" />
      <PayInvoiceView
        token="a-token-from-the-server"
        onPayInvoicePaid={(event) => event.detail.invoice.total}
      />
      <PayLink linkId="lnk_1" onPayShare={(event) => event.detail.url} />
      <PayFundingAccount token="a-token-from-the-server" onPayDeposit={(event) => event.detail.deposit.id} />
      <PayBankPicker country="NG" onChange={(event) => event.type} onInput={(event) => event.timeStamp} />
    </>
  );
}

export const wrong = (
  <>
    {/* @ts-expect-error -- value is a string */}
    <PayQr value={42} />
    {/* @ts-expect-error -- onPayPaid receives a PayPaidEvent */}
    <PayDynamicAccount onPayPaid={(event: PayErrorEvent) => event} />
    {/* @ts-expect-error -- <PayLink> has no onPayPaid */}
    <PayLink onPayPaid={() => undefined} />
  </>
);
