// fast-check arbitraries for hostile HTTP input: methods, path segments, query strings, headers and
// bodies that a careless or malicious client might send. Shared by the emulator and kit properties.
import fc from 'fast-check';
import { DEFAULT_API_KEY } from '@pay-elements/sandbox';

export const methods = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');

/** A path segment: ordinary ids, traversal, encoded bytes, unicode, very long, empty. */
export const segment = fc.oneof(
  fc.constantFrom(
    '',
    '.',
    '..',
    '%2e%2e',
    '%00',
    '%E0%A4%A',
    '%ZZ',
    'null',
    'undefined',
    '__proto__',
    'constructor',
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/),
  fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s)),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => encodeURIComponent(s)),
  fc.integer({ min: 200, max: 3000 }).map((n) => 'a'.repeat(n)),
);

export const query = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'page',
          'size',
          'sort',
          'filter',
          'export',
          'customer_id',
          'currency',
          'api-key',
          'x',
        ),
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.integer().map(String),
          fc.constantFrom('-1', '1e9', 'NaN', 'csv', 'a,b,c'),
        ),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
);

export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  '',
);

/** Bodies: JSON of any shape, broken JSON, binary, deeply nested, prototype pollution attempts. */
export const body = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '{',
    '{"a":',
    'null',
    '[]',
    '"text"',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    '{"amount":1e400,"order_id":"x"}',
    '\u0000\u0001\u0002',
  ),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);

/** Extra headers: odd auth forms, huge values, repeated content lengths are left to the HTTP layer. */
export const headers = fc.record(
  {
    'x-api-key': fc.oneof(
      fc.constant(DEFAULT_API_KEY),
      fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
    ),
    authorization: fc.oneof(
      fc.constant(`Bearer ${DEFAULT_API_KEY}`),
      fc.constantFrom('Bearer', 'Basic x', 'Bearer  ', `bearer ${DEFAULT_API_KEY}`),
    ),
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"1"', ''),
    origin: fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1'),
  },
  { requiredKeys: [] },
);
