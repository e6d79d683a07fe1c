// How the emulator answers: the spec's envelope on success and failure, and its validation body
// (no envelope) for bad fields. Handlers throw SandboxFailure / ValidationFailure; one place renders.
import { SUCCESS_MESSAGE } from '@pay-elements/api';

const JSON_TYPE = 'application/json; charset=utf-8';

/** `{status: true, data, error: [], message: "operation was successful"}` */
export function ok(data: unknown, status = 200): Response {
  return Response.json(
    { status: true, data, error: [], message: SUCCESS_MESSAGE },
    { status, headers: { 'content-type': JSON_TYPE } },
  );
}

/** `{status: false, data: {}, error: [], message}` */
export function failureResponse(
  status: number,
  message: string,
  headers?: ConstructorParameters<typeof Headers>[0],
): Response {
  const response = Response.json({ status: false, data: {}, error: [], message }, { status });
  response.headers.set('content-type', JSON_TYPE);
  for (const [name, value] of new Headers(headers)) response.headers.set(name, value);
  return response;
}

/** `{"error": {"field": ["message", …]}}`, HTTP 400 */
export function validationResponse(fields: Record<string, string[]>): Response {
  return Response.json({ error: fields }, { status: 400, headers: { 'content-type': JSON_TYPE } });
}

/** A failure answered with the envelope. */
export class SandboxFailure extends Error {
  override readonly name = 'SandboxFailure';
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A failure answered with the validation body. */
export class ValidationFailure extends Error {
  override readonly name = 'ValidationFailure';
  constructor(readonly fields: Record<string, string[]>) {
    super(Object.keys(fields).join(', '));
  }
  /** One field, one message. */
  static of(field: string, message: string): ValidationFailure {
    return new ValidationFailure({ [field]: [message] });
  }
}

/** The messages the spec fixes, and those the emulator chose where it is silent (see README). */
export const messages = {
  unauthorized: 'unauthorized access',
  permissionDenied: 'unauthorized access: permission denied',
  customerNotFound: 'customer was not found',
  cardNotFoundWithdraw: 'card was not found',
  cardNotFound: 'card not found',
  walletNotFound: 'wallet was not found',
  invoiceNotFound: 'invoice was not found',
  accountNotFound: 'account was not found',
  routeNotFound: 'not found',
  methodNotAllowed: 'method not allowed',
  unknownCountry: 'unknown country code',
  insufficientBalance: 'insufficient balance',
  insufficientCardBalance: 'insufficient card balance',
  cardNotFrozen: 'card is not frozen',
  rateLimited: 'too many requests',
  bodyTooLarge: 'request body too large',
  unsupportedMediaType: 'content type must be application/json',
  crossOrigin: 'the control API refuses browser requests from other origins',
  malformedJson: 'request body is not valid JSON',
  bodyNotObject: 'request body must be a JSON object',
  malformedUrl: 'malformed request URL',
  internal: 'internal error',
} as const;

export function render(error: unknown): Response | null {
  if (error instanceof ValidationFailure) return validationResponse(error.fields);
  if (error instanceof SandboxFailure) return failureResponse(error.status, error.message, error.headers);
  return null;
}
