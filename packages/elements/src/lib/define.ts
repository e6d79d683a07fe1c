// Registration shared by the define modules: once per tag, and nothing at all where there is no
// custom element registry (Node: server-side rendering builds, test runners, Next.js, Astro).

/** Defines `tag` unless it is taken or there is no `customElements` to define it in. */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  customElements.define(tag, element);
}
