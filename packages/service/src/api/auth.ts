// Service keys: `Authorization: Bearer <key>`, any of PAY_SERVICE_KEYS (several, so that a key can be
// rotated), compared in constant time. A request without a valid key is answered 401 with the error
// body and `WWW-Authenticate: Bearer`; the key it sent is never logged or echoed.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest();

/** Whether a request's Authorization header carries one of `keys`. */
export function serviceKeyCheck(keys: readonly string[]): (authorization: string | null) => boolean {
  const known = keys.map(digest);
  return (authorization) => {
    const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
    if (!match?.[1]) return false;
    const given = digest(match[1]);
    // every key compared, so that the time taken says nothing of which one matched
    let found = false;
    for (const key of known) found = timingSafeEqual(key, given) || found;
    return found;
  };
}

/** 401: no key, or not one of ours. */
export function unauthorized(): Response {
  return new Response(
    JSON.stringify({
      error: {
        code: 'unauthorized',
        message: 'A service key is needed: Authorization: Bearer <one of PAY_SERVICE_KEYS>.',
      },
    }),
    {
      status: 401,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'www-authenticate': 'Bearer realm="pay-service"',
      },
    },
  );
}
