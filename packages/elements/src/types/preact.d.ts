// `@pay-elements/elements/jsx/preact`: the elements as Preact JSX intrinsic elements. Import it once
// for its types: `import type {} from '@pay-elements/elements/jsx/preact'`.
//
// Preact sets a prop as a property when the element has one (`clock={manualClock}`, `showQr`) and
// listens to `on<event name>` props as named: `onpay-paid={(event) => …}` receives a `PayPaidEvent`.
// (A declaration file: it needs Preact's types, which only a Preact project has; types-test/ checks it
// against a stub of them.)
/* eslint-disable @typescript-eslint/no-redundant-type-constituents -- Preact's HTMLAttributes is unresolved outside a Preact project */
import type { JSX } from 'preact';
import type { PayElementProperties, PayElementTagNameMap, PayTagName } from './elements.js';
import type { PayJsxEventProps } from './jsx.js';

/** The props of `<Tag>` in Preact JSX: HTML attributes, its properties, its events. */
export type PayPreactProps<Tag extends PayTagName> = JSX.HTMLAttributes<PayElementTagNameMap[Tag]> &
  PayElementProperties<Tag> &
  PayJsxEventProps<Tag>;

/** Every element's Preact props, by tag. */
export type PayPreactIntrinsicElements = { [Tag in PayTagName]: PayPreactProps<Tag> };

declare global {
  namespace preact.JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the tags into Preact's interface
    interface IntrinsicElements extends PayPreactIntrinsicElements {}
  }
}
