// The elements as frameworks see them: each tag's class, the properties a template may set and the
// events it may listen to. The framework typings (jsx.ts for React 19, preact.d.ts, solid.d.ts,
// svelte.d.ts, vue.ts) and the React wrappers (../react/index.ts) are all derived from this one place.
// Type imports only: importing this module defines nothing.
import type { PayBankPicker } from '../components/bank-picker/bank-picker.js';
import type { PayDynamicAccount } from '../components/dynamic-account/dynamic-account.js';
import type { PayFundingAccount } from '../components/funding-account/funding-account.js';
import type { PayInvoiceView } from '../components/invoice-view/invoice-view.js';
import type { PayLink } from '../components/link/link.js';
import type { PayQr } from '../components/qr/qr.js';
import type { LitElement } from 'lit';

/** Each tag and the class registered for it by `@pay-elements/elements/define/<tag>`. */
export interface PayElementTagNameMap {
  'pay-bank-picker': PayBankPicker;
  'pay-dynamic-account': PayDynamicAccount;
  'pay-funding-account': PayFundingAccount;
  'pay-invoice-view': PayInvoiceView;
  'pay-link': PayLink;
  'pay-qr': PayQr;
}

/** The tag of one of the elements. */
export type PayTagName = keyof PayElementTagNameMap;

/**
 * The events each element fires, by tag: the same list as the `@event` tags of its class (and
 * `custom-elements.json`, which a test compares with this). The event classes come from
 * `GlobalEventHandlersEventMap`, where each event module declares its own.
 */
export const elementEvents = {
  'pay-bank-picker': ['input', 'change'],
  'pay-dynamic-account': [
    'pay-status-change',
    'pay-paid',
    'pay-expired',
    'pay-error',
    'pay-copy',
    'pay-claimed',
  ],
  'pay-funding-account': ['pay-deposit', 'pay-error', 'pay-copy'],
  'pay-invoice-view': ['pay-status-change', 'pay-invoice-paid', 'pay-error', 'pay-copy'],
  'pay-link': ['pay-share', 'pay-copy', 'pay-error'],
  'pay-qr': [],
} as const satisfies { readonly [Tag in PayTagName]: readonly (keyof GlobalEventHandlersEventMap)[] };

/** The names of the events `<Tag>` fires. */
export type PayEventName<Tag extends PayTagName> = (typeof elementEvents)[Tag][number];

/** The events `<Tag>` fires that are the elements' own (`pay-…`), not native ones such as `input`. */
export type PayCustomEventName<Tag extends PayTagName> = Extract<PayEventName<Tag>, `pay-${string}`>;

/** Event name → event class, for the events `<Tag>` fires. */
export type PayEventMap<Tag extends PayTagName> = {
  [Name in PayEventName<Tag>]: GlobalEventHandlersEventMap[Name];
};

type IfEquals<X, Y, Then, Else> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? Then : Else;

/** Keys of `T` that may be assigned: not readonly, not methods. */
type SettableKeys<T> = {
  [K in keyof T]-?: T[K] extends (...args: never[]) => unknown
    ? never
    : IfEquals<{ [Q in K]: T[K] }, { -readonly [Q in K]: T[K] }, K, never>;
}[keyof T];

/**
 * The public properties of `<Tag>` that a template may set (its public fields, under their
 * camelCase names, with their types), all optional. Everything `LitElement` and `HTMLElement` have
 * is left out: frameworks type those as ordinary HTML attributes.
 */
export type PayElementProperties<Tag extends PayTagName> = {
  [K in Exclude<SettableKeys<PayElementTagNameMap[Tag]>, keyof LitElement>]?: PayElementTagNameMap[Tag][K];
};

/** `pay-status-change` → `PayStatusChange`. */
export type PascalCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${PascalCase<Tail>}`
  : Capitalize<S>;
