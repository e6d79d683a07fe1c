// Accessibility assertions with axe-core, loaded into the page from axe.min.js.
import type { AxeResults, RunOptions } from 'axe-core';

interface AxeApi {
  run(context: Element, options: RunOptions): Promise<AxeResults>;
}

declare global {
  interface Window {
    axe?: AxeApi;
  }
}

let loading: Promise<AxeApi> | null = null;

function loadAxe(): Promise<AxeApi> {
  loading ??= new Promise<AxeApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    script.onload = () => (window.axe ? resolve(window.axe) : reject(new Error('axe did not load')));
    script.onerror = () => reject(new Error('could not load axe.min.js'));
    document.head.append(script);
  });
  return loading;
}

/** Runs axe on `element` (shadow DOM included) and throws with a readable list of any violations. */
export async function expectAccessible(element: Element): Promise<void> {
  const axe = await loadAxe();
  const results = await axe.run(element, { resultTypes: ['violations'] });
  if (results.violations.length === 0) return;
  const lines = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    ${v.nodes.map((n) => n.html).join('\n    ')}`,
  );
  throw new Error(`axe found ${results.violations.length} violation(s):\n  ${lines.join('\n  ')}`);
}
