// `@pay-elements/elements/jsx`: the elements as React 19 JSX intrinsic elements. Import it once (for
// its types: `import type {} from '@pay-elements/elements/jsx'`, or list it in tsconfig `types`).
//
// React 19 sets a prop as a property when the element has one (`clock={manualClock}`,
// `showQr`), as an attribute otherwise, and listens to `on<event name>` props exactly as named:
// `onpay-paid={(event) => …}` receives a `PayPaidEvent`. React 18 has neither: use the wrappers of
// `@pay-elements/elements/react` there (they work in React 19 too). The global `React.JSX` namespace
// is augmented, so a project without React's types is not affected.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type {
  PayCustomEventName,
  PayElementProperties,
  PayElementTagNameMap,
  PayEventMap,
  PayTagName,
} from './elements.js';

export type {
  PayCustomEventName,
  PayElementProperties,
  PayElementTagNameMap,
  PayEventMap,
  PayEventName,
  PayTagName,
  PascalCase,
} from './elements.js';

/** `on<event name>` listener props of `<Tag>`'s own events, e.g. `'onpay-paid'`. */
export type PayJsxEventProps<Tag extends PayTagName> = {
  [Name in PayCustomEventName<Tag> as `on${Name}`]?: (event: PayEventMap<Tag>[Name]) => void;
};

/** The props of `<Tag>` in React 19 JSX: HTML attributes, its properties, its events. */
export type PayReactProps<Tag extends PayTagName> = DetailedHTMLProps<
  HTMLAttributes<PayElementTagNameMap[Tag]>,
  PayElementTagNameMap[Tag]
> &
  PayElementProperties<Tag> &
  PayJsxEventProps<Tag>;

/** Every element's React 19 props, by tag. */
export type PayReactIntrinsicElements = { [Tag in PayTagName]: PayReactProps<Tag> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- augmenting React's own global namespace
  namespace React.JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the tags into React's interface
    interface IntrinsicElements extends PayReactIntrinsicElements {}
  }
}
