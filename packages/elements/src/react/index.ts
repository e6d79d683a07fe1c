// `@pay-elements/elements/react`: React components wrapping the elements (made by `@lit/react`), for
// React 18, which sets every prop of a custom element as a string attribute and cannot listen to its
// events. Each wrapper sets its props as properties and listens to the element's events through
// `on<PascalCase name>` props: `<PayDynamicAccount session={id} onPayPaid={(event) => …} />`.
// Importing this module registers the six tags (it imports their define modules). They work in
// React 19 too, where the elements may also be written as plain tags (`@pay-elements/elements/jsx`).
import * as React from 'react';
import { createComponent } from '@lit/react';
import type { EventName } from '@lit/react';
import { PayBankPicker as PayBankPickerElement } from '../define/pay-bank-picker.js';
import { PayDynamicAccount as PayDynamicAccountElement } from '../define/pay-dynamic-account.js';
import { PayFundingAccount as PayFundingAccountElement } from '../define/pay-funding-account.js';
import { PayInvoiceView as PayInvoiceViewElement } from '../define/pay-invoice-view.js';
import { PayLink as PayLinkElement } from '../define/pay-link.js';
import { PayQr as PayQrElement } from '../define/pay-qr.js';
import type { PascalCase, PayEventMap, PayEventName, PayTagName } from '../types/elements.js';

/** The `events` option of `<Tag>`'s wrapper: `onPayPaid` → `'pay-paid'` for each event it fires. */
type WrapperEvents<Tag extends PayTagName> = {
  [Name in PayEventName<Tag> as `on${PascalCase<Name>}`]: EventName<PayEventMap<Tag>[Name]>;
};

/**
 * An event name carrying its event class, the one `GlobalEventHandlersEventMap` declares for it,
 * so that the wrapper types its handler prop (`onPayPaid: (event: PayPaidEvent) => void`).
 */
function eventName<Name extends keyof GlobalEventHandlersEventMap>(
  name: Name,
): EventName<GlobalEventHandlersEventMap[Name]> {
  // EventName is @lit/react's brand on a plain string: the event class exists only in the type
  return name as EventName<GlobalEventHandlersEventMap[Name]>;
}

/** `<pay-dynamic-account>`: the single-use account to transfer to, waiting for the transfer. */
export const PayDynamicAccount = createComponent({
  react: React,
  tagName: 'pay-dynamic-account',
  elementClass: PayDynamicAccountElement,
  displayName: 'PayDynamicAccount',
  events: {
    onPayStatusChange: eventName('pay-status-change'),
    onPayPaid: eventName('pay-paid'),
    onPayExpired: eventName('pay-expired'),
    onPayError: eventName('pay-error'),
    onPayCopy: eventName('pay-copy'),
    onPayClaimed: eventName('pay-claimed'),
  } satisfies WrapperEvents<'pay-dynamic-account'>,
});

/** `<pay-qr>`: a QR code of `value`, drawn as SVG. */
export const PayQr = createComponent({
  react: React,
  tagName: 'pay-qr',
  elementClass: PayQrElement,
  displayName: 'PayQr',
  events: {} satisfies WrapperEvents<'pay-qr'>,
});

/** `<pay-invoice-view>`: an invoice as its payer sees it, waiting for the payment. */
export const PayInvoiceView = createComponent({
  react: React,
  tagName: 'pay-invoice-view',
  elementClass: PayInvoiceViewElement,
  displayName: 'PayInvoiceView',
  events: {
    onPayStatusChange: eventName('pay-status-change'),
    onPayInvoicePaid: eventName('pay-invoice-paid'),
    onPayError: eventName('pay-error'),
    onPayCopy: eventName('pay-copy'),
  } satisfies WrapperEvents<'pay-invoice-view'>,
});

/** `<pay-link>`: a payment link to pass on, with its QR code. */
export const PayLink = createComponent({
  react: React,
  tagName: 'pay-link',
  elementClass: PayLinkElement,
  displayName: 'PayLink',
  events: {
    onPayShare: eventName('pay-share'),
    onPayCopy: eventName('pay-copy'),
    onPayError: eventName('pay-error'),
  } satisfies WrapperEvents<'pay-link'>,
});

/** `<pay-funding-account>`: a customer's own accounts to pay into at any time, with the deposits as they arrive. */
export const PayFundingAccount = createComponent({
  react: React,
  tagName: 'pay-funding-account',
  elementClass: PayFundingAccountElement,
  displayName: 'PayFundingAccount',
  events: {
    onPayDeposit: eventName('pay-deposit'),
    onPayError: eventName('pay-error'),
    onPayCopy: eventName('pay-copy'),
  } satisfies WrapperEvents<'pay-funding-account'>,
});

/** `<pay-bank-picker>`: a searchable list of a country's banks that takes part in forms. */
export const PayBankPicker = createComponent({
  react: React,
  tagName: 'pay-bank-picker',
  elementClass: PayBankPickerElement,
  displayName: 'PayBankPicker',
  events: {
    onInput: eventName('input'),
    onChange: eventName('change'),
  } satisfies WrapperEvents<'pay-bank-picker'>,
});
