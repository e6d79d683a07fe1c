// The elements as frameworks see them: each tag's class, the properties a template may set and the
// events it may listen to. The framework typings (jsx.ts for React 19, preact.d.ts, solid.d.ts,
// svelte.d.ts, vue.ts) are derived from this one place, and it from the elements' declarations.
// Type imports only: importing this module defines nothing.
import type { LitElement } from 'lit';
import { elementEvents, type PayElementTagNameMap } from '../elements.generated.js';

/**
 * Each tag and the class registered for it by `@pay-elements/elements/define/<tag>`, and the events
 * each element fires, by tag: the same list as the `@event` tags of its class (and
 * `custom-elements.json`, which a test compares with this). Both are made from the elements'
 * declarations (`components/<name>/<name>.element.ts`). The event classes come from
 * `GlobalEventHandlersEventMap`, where each event module declares its own.
 */
export { elementEvents };
export type { PayElementTagNameMap };

/** The tag of one of the elements. */
export type PayTagName = keyof PayElementTagNameMap;

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
