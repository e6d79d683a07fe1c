// The page's clipboard in a test: record what the elements write to it, or make it refuse, and
// watch a copy button go back to "Copy" once its confirmation has been shown.
import { expect } from './testing.js';
import { part, partText } from './account.js';
import type { ManualClock } from '../lib/clock.js';

/** Puts `writeText` in place of the page's own until `restore()` gives the original back. */
function replaceWriteText(writeText: (text: string) => Promise<void>): () => void {
  const clipboard = navigator.clipboard;
  const original = Object.getOwnPropertyDescriptor(clipboard, 'writeText');
  Object.defineProperty(clipboard, 'writeText', { configurable: true, value: writeText });
  return () => {
    if (original) Object.defineProperty(clipboard, 'writeText', original);
    else Reflect.deleteProperty(clipboard, 'writeText');
  };
}

/** Replaces the page's clipboard writes with a recorder until `restore()`. */
export function recordClipboard(): { written: string[]; restore(): void } {
  const written: string[] = [];
  const restore = replaceWriteText((text) => {
    written.push(text);
    return Promise.resolve();
  });
  return { written, restore };
}

/** Makes every clipboard write fail as a browser refusing permission does, until `restore()`. */
export function refuseClipboard(): { restore(): void } {
  return {
    restore: replaceWriteText(() => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
  };
}

/** Three seconds after a copy, the copy button `name` reads "Copy" again, named `label`. */
export async function expectCopyReset(
  el: HTMLElement & { updateComplete: Promise<boolean> },
  clock: ManualClock,
  name: string,
  label: string,
): Promise<void> {
  await clock.advance(3000);
  await el.updateComplete;
  expect(partText(el, name)).to.equal('Copy');
  expect(part(el, name).getAttribute('aria-label')).to.equal(label);
}
