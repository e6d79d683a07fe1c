// `@pay-elements/elements/svelte`: the elements in Svelte markup, typed for svelte-check (the
// `svelteHTML` namespace). Import it once for its types, e.g. in src/app.d.ts:
// `import type {} from '@pay-elements/elements/svelte'`.
//
// Svelte sets an attribute as a property when the element has one (`clock={manualClock}`, `showQr`).
// Events: `onpay-paid={…}` (Svelte 5) or `on:pay-paid={…}` (Svelte 4), each receiving a `PayPaidEvent`.
// (A declaration file: it needs Svelte's types, which only a Svelte project has; types-test/ checks it
// against a stub of them.)
import type { HTMLAttributes } from 'svelte/elements';
import type {
  PayElementProperties,
  PayElementTagNameMap,
  PayEventMap,
  PayEventName,
  PayTagName,
} from './elements.js';

/** `on<event name>` (Svelte 5) and `on:<event name>` (Svelte 4) listener attributes of `<Tag>`. */
export type PaySvelteEventProps<Tag extends PayTagName> = {
  [Name in PayEventName<Tag> as `on${Name}` | `on:${Name}`]?: (event: PayEventMap<Tag>[Name]) => void;
};

/** The attributes of `<Tag>` in Svelte markup: HTML attributes, its properties, its events. */
export type PaySvelteProps<Tag extends PayTagName> = Omit<
  HTMLAttributes<PayElementTagNameMap[Tag]>,
  keyof PaySvelteEventProps<Tag>
> &
  PayElementProperties<Tag> &
  PaySvelteEventProps<Tag>;

/** Every element's Svelte attributes, by tag. */
export type PaySvelteIntrinsicElements = { [Tag in PayTagName]: PaySvelteProps<Tag> };

declare global {
  namespace svelteHTML {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the tags into Svelte's interface
    interface IntrinsicElements extends PaySvelteIntrinsicElements {}
  }
}
