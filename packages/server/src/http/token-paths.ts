// Tokens in paths, masked for log lines: a line names a token by its fingerprint, never whole, so a
// log reader holds no working link.
import { createHash } from 'node:crypto';

/**
 * How a log line names a token: `tok:` and the first 8 base64url characters of its SHA-256 (48 bits).
 * The same token always gives the same fingerprint, so the lines about one link can be matched, and a
 * merchant can find a link's lines from the link; a fingerprint opens nothing.
 */
export function tokenFingerprint(token: string): string {
  return `tok:${createHash('sha256').update(token).digest('base64url').slice(0, 8)}`;
}

/** A fingerprint already in place of a token (masking twice changes nothing). */
const FINGERPRINT = /^tok:[A-Za-z0-9_-]{8}$/;
/** What ends a path segment in a URL or a log line (a token has none of these characters). */
const STOP = `/?#\\s"'<>()\\[\\],;\\\\`;
/** One path segment as it may appear in a URL or a log line. */
const SEGMENT = `[^${STOP}]+`;

/**
 * A function that masks, in any text (a path, a URL, a message, a stack), the token of every path
 * matching one of `patterns` (route patterns such as `/pay/things/:token`: each `:token` parameter
 * is a token, other parameters match any segment) with its fingerprint. A path matches from its start
 * (the start of the text, after a space, a quote, `=`, `(`, `,` or an origin), so the provider's own
 * `/v1/things/…` is not taken for the kit's `/things/:token`; segments after the pattern's are
 * kept (`/things/:token` masks `/things/<token>/events` too).
 */
export function tokenPathMasker(patterns: Iterable<string>): (text: string) => string {
  const masks: Array<{ expression: RegExp; tokenAt: ReadonlySet<number> }> = [];
  for (const pattern of new Set(patterns)) {
    const segments = pattern.split('/').filter(Boolean);
    const tokenAt = new Set(segments.flatMap((segment, i) => (segment === ':token' ? [i] : [])));
    if (tokenAt.size === 0) continue;
    // each segment a group of its own, so that the path is written again segment by segment
    const source = segments
      .map((segment) =>
        segment.startsWith(':') ? `/(${SEGMENT})` : `/(${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`,
      )
      .join('');
    const expression = new RegExp(`(?<=^|[\\s"'=(,[]|https?://[^${STOP}]+)${source}(?=[${STOP}]|$)`, 'g');
    masks.push({ expression, tokenAt });
  }
  return (text) => {
    let masked = text;
    for (const { expression, tokenAt } of masks)
      masked = masked.replace(expression, (...match: unknown[]) => {
        const segments = match.slice(1, -2) as string[];
        const safe = segments.map((segment, i) =>
          tokenAt.has(i) && !FINGERPRINT.test(segment) ? tokenFingerprint(segment) : segment,
        );
        return `/${safe.join('/')}`;
      });
    return masked;
  };
}
