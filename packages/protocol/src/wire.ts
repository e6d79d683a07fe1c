// What both the schemas and the browser's guards (guards.ts) need, written without zod so that the
// elements carry none: the error codes and their statuses, the scalar patterns, the URL check.
/**
 * The version of the wire format (docs/protocol.md, "Versions"): a minor version only adds (optional
 * fields, routes, error codes); anything else is a new major version, served at a base path of its own.
 */
export const protocolVersion = '1.1';

/**
 * The HTTP status of each error code an element reads, each code with a shopper's words in the
 * elements' translation tables.
 */
export const statusOfShopperErrorCode = {
  invalid_request: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream_unavailable: 503,
  internal: 500,
} as const satisfies Record<string, number>;
export type ShopperErrorCode = keyof typeof statusOfShopperErrorCode;

/**
 * The error codes an element reads, in the table's order: taken from it rather than listed again,
 * which every element's first load would carry twice.
 */
export const shopperErrorCodes = Object.keys(statusOfShopperErrorCode) as readonly ShopperErrorCode[];

/**
 * The longest an order's fields may be, the same wherever they are taken: the session routes, the
 * views and their guards, the service's API and its OpenAPI document.
 */
export const orderLimits = { orderId: 128, title: 200, reference: 100 } as const;

/** An absolute http(s) URL: a merchant's logo, the way back to its shop. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A decimal amount on the wire: "5000.00". Never a float. */
export const amountPattern = /^-?\d+(\.\d+)?$/;
/** Upper-case ISO 4217 code. */
export const currencyPattern = /^[A-Z]{3}$/;
/** A bank account number as the bank routes take it. */
export const accountNumberPattern = /^\d{6,20}$/;
