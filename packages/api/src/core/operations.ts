// A provider request's operation as a metrics label, from the spec's own path words.

/** The words of the provider's paths (the spec's routes); any other segment is an id. */
const PATH_WORDS = new Set([
  'v1',
  'banks',
  'suggest',
  'cards',
  'events',
  'freeze',
  'unfreeze',
  'reveal',
  'withdraw',
  'customers',
  'invoices',
  'view',
  'links',
  'payments',
  'send',
  'transactions',
  'virtual-accounts',
  'create',
  'dynamic',
  'wallets',
]);

/**
 * `POST /v1/virtual-accounts/dynamic`, `GET /v1/invoices/view/:id`: the operation of a provider
 * request as a metrics label, from a fixed vocabulary (every segment not a word of the spec's paths
 * is `:id`, at most five segments), so that no id, number or guess ever makes a series of its own.
 */
export function providerOperation(method: string, url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url;
  }
  const segments = path.split('/').filter(Boolean);
  const shape = segments.slice(0, 5).map((segment) => (PATH_WORDS.has(segment) ? segment : ':id'));
  if (segments.length > 5) shape.push('…');
  const verb = method.toUpperCase();
  return `${['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(verb) ? verb : 'OTHER'} /${shape.join('/')}`;
}

