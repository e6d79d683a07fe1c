// `@pay-elements/elements/vue`: the elements in Vue templates, typed (`GlobalComponents`, read by Vue's
// language tools). Import it once for its types: `import type {} from '@pay-elements/elements/vue'`.
//
// Vue renders them as custom elements once told which tags are (`compilerOptions.isCustomElement:
// (tag) => tag.startsWith('pay-')`), sets a binding as a property when the element has one
// (`:clock="manualClock"`, `:show-qr="true"`), and listens to `@pay-paid`, which its tools type as
// the `onPayPaid` prop declared here.
import type { DefineComponent } from 'vue';
import type { PascalCase, PayElementProperties, PayEventMap, PayEventName, PayTagName } from './elements.js';

/** `on<PascalCase name>` listener props, as Vue's tools see `@pay-paid` (`onPayPaid`). */
export type PayVueEventProps<Tag extends PayTagName> = {
  [Name in PayEventName<Tag> as `on${PascalCase<Name>}`]?: (event: PayEventMap<Tag>[Name]) => void;
};

/** The props of `<Tag>` in a Vue template: its properties and its events. */
export type PayVueProps<Tag extends PayTagName> = PayElementProperties<Tag> & PayVueEventProps<Tag>;

/** Every element as a Vue component type, by tag. */
export type PayVueGlobalComponents = { [Tag in PayTagName]: DefineComponent<PayVueProps<Tag>> };

declare module 'vue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the tags into Vue's interface
  interface GlobalComponents extends PayVueGlobalComponents {}
}
