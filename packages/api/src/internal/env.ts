// Where the client runs. It holds a secret key, so it refuses a browser.

export const VERSION = '0.1.0';

/** The globals looked at, so the detection can be tested without a browser. */
export interface GlobalsLike {
  window?: unknown;
  document?: unknown;
  process?: unknown;
}

/** A page: `window` and `document` exist and there is no Node `process`. */
export function isBrowserLike(globals: GlobalsLike): boolean {
  if (globals.window === undefined || globals.document === undefined) return false;
  const proc = globals.process;
  const isNode =
    typeof proc === 'object' &&
    proc !== null &&
    'versions' in proc &&
    typeof proc.versions === 'object' &&
    proc.versions !== null &&
    'node' in proc.versions;
  return !isNode;
}

export const BROWSER_REFUSAL =
  'PayClient refuses to run in a browser: the API key is a secret and belongs on a server. ' +
  'Call your own backend (for example @pay-elements/server) from the page instead.';

export function defaultUserAgent(): string {
  const node = typeof process === 'object' ? process.version : 'unknown';
  return `pay-elements-api/${VERSION} node/${node}`;
}
