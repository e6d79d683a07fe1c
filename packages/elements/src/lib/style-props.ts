// An element directive that sets inline style properties through the CSSOM only. Lit's styleMap
// writes a `style="…"` attribute on first render, which a page's CSP without 'unsafe-inline'
// (style-src-attr) blocks and reports; setting properties one by one through `element.style` is
// allowed under any CSP.
import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

class StylePropsDirective extends Directive {
  #previous = new Set<string>();

  constructor(partInfo: PartInfo) {
    super(partInfo);
    if (partInfo.type !== PartType.ELEMENT)
      throw new Error('styleProps() goes on an element: <div ${styleProps(...)}>');
  }

  render(_properties: Readonly<Record<string, string>>): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [properties]: [Readonly<Record<string, string>>]): typeof noChange {
    const { style } = part.element as HTMLElement;
    for (const name of this.#previous) if (!(name in properties)) style.removeProperty(name);
    for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
    this.#previous = new Set(Object.keys(properties));
    return noChange;
  }
}

/** `<div ${styleProps({ transform: 'scaleX(0.5)' })}>`: CSP-safe inline style properties. */
export const styleProps = directive(StylePropsDirective);
