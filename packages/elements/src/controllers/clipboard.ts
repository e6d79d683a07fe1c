// Copy to the clipboard, remembering for a few seconds which field was copied so its button can
// say so, on the host's injectable clock.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Timeout } from '../lib/clock.js';
import type { Clock } from '../lib/clock.js';

export type ClipboardWriter = (text: string) => Promise<void>;

export interface ClipboardOptions {
  clock: () => Clock;
  /** How long a button says "Copied", ms. */
  resetAfter?: number;
  /** Defaults to `navigator.clipboard.writeText`. */
  write?: ClipboardWriter;
}

/** The page's async clipboard; rejects where it is unavailable (an insecure context). */
export const writeToClipboard: ClipboardWriter = async (text) => {
  if (!('clipboard' in navigator)) throw new Error('the clipboard is not available here');
  await navigator.clipboard.writeText(text);
};

export class ClipboardController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: ClipboardOptions;
  readonly #timer = new Timeout();
  /** The key of the field copied last, for a few seconds; null otherwise. */
  copied: string | null = null;
  /** Replace to route copies elsewhere (tests, an app shell with its own clipboard). */
  write: ClipboardWriter;

  constructor(host: ReactiveControllerHost, options: ClipboardOptions) {
    this.#host = host;
    this.#options = options;
    this.write = options.write ?? writeToClipboard;
    host.addController(this);
  }

  /**
   * Puts `text` on the clipboard and marks `key` copied; answers whether it worked. Where the clipboard
   * is refused (a WebView, an insecure page) the value on screen, the host's part named `key`, is
   * selected instead, so that the shopper copies it by hand (the element says how).
   */
  async copy(key: string, text: string): Promise<boolean> {
    try {
      await this.write(text);
    } catch {
      const root = (this.#host as Partial<{ renderRoot: ParentNode }>).renderRoot;
      const shown = root?.querySelector(`[part~="${key}"]`);
      if (shown) getSelection()?.selectAllChildren(shown);
      return false;
    }
    this.copied = key;
    this.#timer.set(
      this.#options.clock(),
      () => {
        this.copied = null;
        this.#host.requestUpdate();
      },
      this.#options.resetAfter ?? 3000,
    );
    this.#host.requestUpdate();
    return true;
  }

  hostDisconnected(): void {
    this.#timer.clear();
    this.copied = null;
  }
}
