// The page's requests as a test sees them: counted, failed with a 503 or held back, on their way to
// the real kit (the real fetch does the rest). restore() puts the page's fetch back.

/** The path of a request as the page made it (a string, a URL or a Request, relative or not). */
function pathOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, location.href).pathname;
}

/**
 * Puts `handle` between the page and the real fetch for each request whose path `chosen` accepts:
 * it answers, or `pass()`es the request on (and may look at the answer).
 */
export function interceptFetch(
  chosen: (path: string) => boolean,
  handle: (pass: () => Promise<Response>, path: string) => Promise<Response>,
): { restore: () => void } {
  const saved = Object.getOwnPropertyDescriptor(window, 'fetch');
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const pass = () => original(input, init);
    const path = pathOf(input);
    return chosen(path) ? handle(pass, path) : pass();
  };
  return {
    restore: () => {
      if (saved) Object.defineProperty(window, 'fetch', saved);
    },
  };
}

/** Counts the page's requests for `path` (and their 304 answers) from now on. */
export function countRequests(path: string): {
  readonly count: number;
  readonly notModified: number;
  restore(): void;
} {
  let count = 0;
  let notModified = 0;
  const { restore } = interceptFetch(
    (requested) => requested === path,
    async (pass) => {
      count++;
      const response = await pass();
      if (response.status === 304) notModified++;
      return response;
    },
  );
  return {
    get count() {
      return count;
    },
    get notModified() {
      return notModified;
    },
    restore,
  };
}

/** Answers the page's requests for `path` with the kit's 503 (the provider unavailable) while `down`. */
export function failRequests(path: string): { down: boolean; restore(): void } {
  const state = { down: true, restore: () => undefined as void };
  state.restore = interceptFetch(
    (requested) => requested === path,
    (pass) => {
      if (!state.down) return pass();
      const body = { error: { code: 'upstream_unavailable', message: 'the payment service is unavailable' } };
      return Promise.resolve(
        new Response(JSON.stringify(body), { status: 503, headers: { 'Content-Type': 'application/json' } }),
      );
    },
  ).restore;
  return state;
}

/**
 * Holds back the page's requests that `chosen` accepts (every one by default) until `release()`, to
 * look at an element while it waits: `answers` sends them at once and holds only what comes back.
 */
export function holdRequests(
  chosen: (path: string) => boolean = () => true,
  options: { answers?: boolean } = {},
): { release: () => void; restore: () => void } {
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { restore } = interceptFetch(chosen, async (pass) => {
    if (!options.answers) await gate;
    const response = await pass();
    await gate;
    return response;
  });
  return { release: () => release(), restore };
}

/**
 * Answers the page's requests for `path` with the real answer's JSON body changed by `change`
 * (status and headers kept): what another backend would send, or a field the kit does not send yet.
 */
export function rewriteAnswers(
  path: string,
  change: (body: Record<string, unknown>) => unknown,
): { restore(): void } {
  return interceptFetch(
    (requested) => requested === path,
    async (pass) => {
      const response = await pass();
      if (response.status !== 200) return response;
      const body = (await response.json()) as Record<string, unknown>;
      return new Response(JSON.stringify(change(body)), { status: 200, headers: response.headers });
    },
  );
}
