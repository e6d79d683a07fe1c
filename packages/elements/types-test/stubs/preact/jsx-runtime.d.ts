// A stub of preact/jsx-runtime: what `jsxImportSource: "preact"` reads.
import type { JSXInternal } from './jsx.js';

export { JSXInternal as JSX };
export function jsx(type: unknown, props: unknown, key?: unknown): JSXInternal.Element;
export function jsxs(type: unknown, props: unknown, key?: unknown): JSXInternal.Element;
export const Fragment: unknown;
