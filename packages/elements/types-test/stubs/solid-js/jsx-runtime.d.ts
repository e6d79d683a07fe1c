// A stub of solid-js/jsx-runtime: what `jsxImportSource: "solid-js"` reads.
import type { JSX } from './jsx.js';

export type { JSX };
export function jsx(type: unknown, props: unknown): JSX.Element;
export const jsxs: typeof jsx;
export const Fragment: unknown;
