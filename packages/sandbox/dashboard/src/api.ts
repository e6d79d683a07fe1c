// The dashboard's one way to the emulator: same-origin fetches with the key in X-API-KEY, answers
// read through the envelope. The key lives in sessionStorage, so it lasts for this tab only.
const STORAGE_KEY = 'pay-sandbox-key';

export interface Answer<T> {
  ok: boolean;
  status: number;
  data: T | undefined;
  /** the envelope's message, or the validation body's fields joined */
  message: string;
}

export function storedKey(): string | null {
  return sessionStorage.getItem(STORAGE_KEY);
}

export function storeKey(key: string | null): void {
  if (key === null) sessionStorage.removeItem(STORAGE_KEY);
  else sessionStorage.setItem(STORAGE_KEY, key);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The message of a validation body (`{"error": {"field": ["message"]}}`). */
function fieldsMessage(error: Record<string, unknown>): string {
  return Object.entries(error)
    .map(
      ([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(', ') : String(messages)}`,
    )
    .join('; ');
}

export async function call<T>(key: string, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: 0, data: undefined, message: 'the emulator did not answer' };
  }
  const json: unknown = await response.json().catch(() => null);
  if (!isRecord(json))
    return { ok: false, status: response.status, data: undefined, message: `HTTP ${response.status}` };
  if (isRecord(json['error'])) {
    return { ok: false, status: response.status, data: undefined, message: fieldsMessage(json['error']) };
  }
  const message = typeof json['message'] === 'string' ? json['message'] : `HTTP ${response.status}`;
  return { ok: json['status'] === true, status: response.status, data: json['data'] as T, message };
}
