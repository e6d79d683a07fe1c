// A stub of Preact's src/jsx.d.ts: the JSXInternal namespace that preact exports as `JSX`.
/* eslint-disable @typescript-eslint/no-empty-object-type -- the shapes of the real declarations */
import type { VNode } from './index.js';

export namespace JSXInternal {
  interface Element extends VNode<unknown> {}
  interface ElementChildrenAttribute {
    children: unknown;
  }
  interface IntrinsicAttributes {
    key?: string | number;
  }
  interface HTMLAttributes<RefType extends EventTarget = EventTarget> {
    class?: string;
    id?: string;
    children?: unknown;
    onClick?: (this: RefType, event: MouseEvent) => void;
  }
  interface IntrinsicElements {
    div: HTMLAttributes<HTMLDivElement>;
  }
}
