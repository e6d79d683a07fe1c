// A stub of solid-js/types/index.d.ts, which re-exports its JSX namespace.
export type { JSX } from './jsx.js';
