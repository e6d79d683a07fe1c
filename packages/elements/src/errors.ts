// How a failure to reach the kit is told, to the shopper (the translations' error messages) and to
// the page (pay-error's detail): the protocol's error codes, and the two that happen before or
// instead of an answer. Below lib/, events/ and i18n/, which all speak of it.
import type { ShopperErrorCode } from '@pay-elements/protocol';

/** Failures that happen before or instead of a protocol answer. */
export type ClientErrorCode = 'network_error' | 'invalid_response';

export interface BackendError {
  /** The protocol's error code, or a client-side one when no protocol answer came. */
  code: ShopperErrorCode | ClientErrorCode;
  /** The backend's message (already generic) or a client-side description: for logs, not for screens. */
  message: string;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
}
