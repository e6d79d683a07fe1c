// Security headers for every answer server-example gives: a CSP with no inline script or style,
// no framing, no sniffing, a strict referrer policy; HSTS only when served over HTTPS.
//
// The locked-down pages (/locked-down/...) are stricter still: scripts run only with the nonce made
// for that answer ('strict-dynamic' lets them load their own chunks), every script sink takes only
// Trusted Types, the one policy allowed being lit-html's (lit-html creates it when it loads: it
// needs it to parse its templates), and the page is cross-origin isolated (COOP + COEP).

import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';

export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The origin of a merchant's logo when it is on another site (https only), for a page's `img-src`;
 * none when there is no logo, it is on this site, or it is not an https address.
 */
export function logoSources(logoUrl: string | undefined, siteOrigin: string): string[] {
  if (!logoUrl) return [];
  try {
    const url = new URL(logoUrl);
    return url.protocol === 'https:' && url.origin !== siteOrigin ? [url.origin] : [];
  } catch {
    return [];
  }
}

/**
 * The site's CSP with more image sources (a merchant's logo on another origin) and, for the hosted
 * checkout, the origins allowed to frame it (PAY_FRAME_ORIGINS) in place of `frame-ancestors 'none'`.
 */
export function contentSecurityPolicyWith(
  imageSources: readonly string[],
  frameOrigins: readonly string[] = [],
): string {
  let policy = contentSecurityPolicy;
  if (imageSources.length > 0)
    policy = policy.replace("img-src 'self' data:", `img-src 'self' data: ${imageSources.join(' ')}`);
  if (frameOrigins.length > 0)
    policy = policy.replace("frame-ancestors 'none'", `frame-ancestors ${frameOrigins.join(' ')}`);
  return policy;
}

/** The Trusted Types policies the elements need: lit-html's own, and no other. */
export const trustedTypePolicies = ['lit-html'] as const;

/** The CSP of a locked-down page whose scripts carry `nonce`. */
export function lockedDownPolicy(nonce: string, imageSources: readonly string[] = []): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    ["img-src 'self' data:", ...imageSources].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    `trusted-types ${trustedTypePolicies.join(' ')}`,
  ].join('; ');
}

/** A fresh nonce for one answer: 16 random bytes, base64. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The headers of a locked-down page: its CSP (with a merchant logo's origin), and cross-origin isolation. */
export function lockedDownHeaders(
  nonce: string,
  imageSources: readonly string[] = [],
): Record<string, string> {
  return {
    'content-security-policy': lockedDownPolicy(nonce, imageSources),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-embedder-policy': 'require-corp',
  };
}

export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(https ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}

/**
 * Whether a request came in over HTTPS by a proxy's word: the last value of `X-Forwarded-Proto` (the
 * one the nearest proxy set; earlier ones came from further away, maybe from the client) is `https`.
 * Only to be asked when the operator said the proxy is to be trusted (TRUST_PROXY=1).
 */
/**
 * The client's address as the nearest proxy saw it: the last entry of `X-Forwarded-For` (the one the
 * proxy in front of us appended; earlier entries are the client's own word), or null when there is
 * no valid address there.
 */
export function forwardedClient(header: string | null): string | null {
  const last = header?.split(',').at(-1)?.trim() ?? '';
  return isIP(last) ? last : null;
}

export function forwardedHttps(header: string | string[] | undefined): boolean {
  const values = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  return values.at(-1)?.trim().toLowerCase() === 'https';
}
