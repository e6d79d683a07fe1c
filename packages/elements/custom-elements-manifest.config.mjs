// @custom-elements-manifest/analyzer: custom-elements.json from the classes' JSDoc (@summary, @event,
// @slot, @csspart, @cssproperty, @cssstate) and Lit's `static properties` (attributes, properties); the define
// modules give each class its tag. scripts/build.mjs runs it and writes the file (not committed: it is
// built, and published with the package); `npx cem analyze` from this folder writes it too.

/**
 * The analyzer also lists every `dispatchEvent(new PayXEvent(…))` it reads in the code, without a name
 * (the name is inside the event class). The documented `@event` with the same class describes it:
 * drop the nameless copy, and say so when an event class has no `@event` at all.
 */
function dropUnnamedEvents() {
  return {
    name: 'pay-drop-unnamed-events',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules ?? []) {
        for (const declaration of mod.declarations ?? []) {
          if (!declaration.events) continue;
          const named = declaration.events.filter((event) => event.name);
          for (const event of declaration.events) {
            if (event.name) continue;
            const type = event.type?.text;
            if (!named.some((other) => other.type?.text === type)) {
              console.warn(
                `custom-elements.json: ${declaration.name} dispatches ${type} without an @event tag`,
              );
            }
          }
          declaration.events = named;
        }
      }
    },
  };
}

/**
 * The analyzer reads every entry of `static properties` as an attribute, `{ state: true }` ones too:
 * internal state (private fields) has no attribute.
 */
function dropStateAttributes() {
  return {
    name: 'pay-drop-state-attributes',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules ?? []) {
        for (const declaration of mod.declarations ?? []) {
          const internal = new Set();
          for (const member of declaration.members ?? []) {
            if (member.privacy !== 'private') continue;
            internal.add(member.name);
            delete member.attribute;
          }
          if (declaration.attributes) {
            declaration.attributes = declaration.attributes.filter((a) => !internal.has(a.fieldName));
          }
        }
      }
    },
  };
}

export default {
  globs: ['src/components/**/*.ts', 'src/define/*.ts'],
  // the elements' base class is no element of its own (each element declares its public properties)
  exclude: [
    'src/**/*.test.ts',
    'src/**/*.fixture.ts',
    'src/**/*.styles.ts',
    'src/test/**',
    'src/components/pay-element.ts',
  ],
  outdir: '.',
  litelement: true,
  // package.json already points at the file ("customElements"): never rewrite it
  packagejson: false,
  plugins: [dropUnnamedEvents(), dropStateAttributes()],
};
