// `@pay-elements/elements/jsx/solid`: the elements as Solid JSX intrinsic elements. Import it once for
// its types: `import type {} from '@pay-elements/elements/jsx/solid'`.
//
// Solid sets a prop as a property on a custom element (`clock={manualClock}`, `showQr`) and listens
// to an event under its exact name with `on:`: `on:pay-paid={(event) => …}` receives a `PayPaidEvent`.
// (A declaration file: it needs Solid's types, which only a Solid project has; types-test/ checks it
// against a stub of them.)
/* eslint-disable @typescript-eslint/no-redundant-type-constituents -- Solid's HTMLAttributes is unresolved outside a Solid project */
import type { JSX } from 'solid-js';
import type {
  PayElementProperties,
  PayElementTagNameMap,
  PayEventMap,
  PayEventName,
  PayTagName,
} from './elements.js';

/** `on:<event name>` listener props of every event `<Tag>` fires, e.g. `'on:pay-paid'`. */
export type PaySolidEventProps<Tag extends PayTagName> = {
  [Name in PayEventName<Tag> as `on:${Name}`]?: (event: PayEventMap<Tag>[Name]) => void;
};

/** The props of `<Tag>` in Solid JSX: HTML attributes, its properties, its events. */
export type PaySolidProps<Tag extends PayTagName> = JSX.HTMLAttributes<PayElementTagNameMap[Tag]> &
  PayElementProperties<Tag> &
  PaySolidEventProps<Tag>;

/** Every element's Solid props, by tag. */
export type PaySolidIntrinsicElements = { [Tag in PayTagName]: PaySolidProps<Tag> };

declare module 'solid-js' {
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the tags into Solid's interface
    interface IntrinsicElements extends PaySolidIntrinsicElements {}
  }
}
