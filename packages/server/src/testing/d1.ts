// Tests' view of a D1 binding that miniflare hands to Node.
import type { D1Database } from '../store/d1.js';

/** Miniflare types its bindings with @cloudflare/workers-types, which is not installed: checked here. */
export function isD1(binding: unknown): binding is D1Database {
  return (
    typeof binding === 'object' &&
    binding !== null &&
    'prepare' in binding &&
    typeof binding.prepare === 'function' &&
    'batch' in binding &&
    typeof binding.batch === 'function'
  );
}
