// The one way the elements open a Server-Sent Events stream.

/**
 * A new EventSource, or null where there is none (server-side rendering, old browsers) or the
 * browser refuses the URL at once: WebKit throws a SecurityError when the page's policy blocks it,
 * where the others fire `error`. Either way the caller polls instead.
 */
export function openEventSource(url: string): EventSource | null {
  try {
    return new EventSource(url);
  } catch {
    return null;
  }
}

/**
 * An event without a name (`data:` alone) reaches no element, which reads only the events the
 * protocol names: told once on the console, for the backend's developer (the element polls meanwhile).
 */
export function warnUnnamed(source: EventSource, url: string): void {
  const warn = () =>
    console.warn(`pay-elements: ${url} sent an event without a name: ignored, polling instead`);
  source.addEventListener('message', warn, { once: true });
}
