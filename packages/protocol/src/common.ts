// Scalars shared by every message of the protocol.
import * as z from 'zod/mini';
import { amountPattern, currencyPattern } from './wire.js';

/** A decimal amount on the wire: "5000.00". Never a float. */
export const Amount = z.string().check(z.regex(amountPattern));
/** Upper-case ISO 4217 code. */
export const Currency = z.string().check(z.regex(currencyPattern));
/** An ISO 8601 timestamp string. */
export const Timestamp = z.string().check(z.minLength(1));
