// A stub of Preact's src/index.d.ts: a UMD namespace `preact` whose `JSX` is an alias of JSXInternal.
/* eslint-disable @typescript-eslint/no-empty-object-type -- the shapes of the real declarations */
export as namespace preact;

import { JSXInternal } from './jsx.js';

export import JSX = JSXInternal;

export interface VNode<P = {}> {
  type: unknown;
  props: P;
}
