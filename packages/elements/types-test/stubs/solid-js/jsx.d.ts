// A stub of solid-js/types/jsx.d.ts.
/* eslint-disable @typescript-eslint/no-empty-object-type -- the shapes of the real declarations */
export namespace JSX {
  type Element = Node | ArrayElement | string | number | boolean | null | undefined;
  interface ArrayElement extends Array<Element> {}
  interface ElementChildrenAttribute {
    children: {};
  }
  interface HTMLAttributes<T> {
    class?: string;
    id?: string;
    children?: Element;
    ref?: T | ((el: T) => void);
  }
  interface IntrinsicElements {
    div: HTMLAttributes<HTMLDivElement>;
  }
}
