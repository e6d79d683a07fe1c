// server-example's small answers: a JSON body, and a path segment decoded safely.

/** A path segment decoded, or '' when it is not valid percent-encoding (answered as not found). */
export function segment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/** A JSON answer of server-example's own (the demo API's, the demo's configuration). */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
