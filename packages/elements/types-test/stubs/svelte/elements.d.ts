// A stub of svelte/elements (Svelte 5), and of the global svelteHTML namespace svelte declares.
export interface HTMLAttributes<T extends EventTarget> {
  class?: string | undefined | null;
  id?: string | undefined | null;
  onclick?: ((event: MouseEvent & { currentTarget: T }) => void) | undefined | null;
  oninput?: ((event: Event & { currentTarget: T }) => void) | undefined | null;
}

declare global {
  namespace svelteHTML {
    interface IntrinsicElements {
      div: HTMLAttributes<HTMLDivElement>;
    }
  }
}
