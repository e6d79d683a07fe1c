// Reads a request body: JSON only, at most `limit` bytes, refused before it is read whole when the
// declared or streamed length passes the limit.
import * as z from 'zod';
import { SandboxFailure, messages } from './responses.js';

const JsonObject = z.record(z.string(), z.unknown());

/** 1 MiB: the largest body the emulator reads. */
export const BODY_LIMIT = 1024 * 1024;

/** 413 before reading when Content-Length already says too much. */
export function declaredTooLarge(request: Request, limit = BODY_LIMIT): boolean {
  const declared = request.headers.get('content-length');
  return declared !== null && /^\d+$/.test(declared) && Number(declared) > limit;
}

async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new SandboxFailure(413, messages.bodyTooLarge);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * The parsed JSON object of a request. An empty body reads as `{}` (so missing fields are reported
 * one by one); a body in another type is 415; broken JSON or a non-object is 400 with the envelope.
 */
export async function readJsonObject(request: Request, limit = BODY_LIMIT): Promise<Record<string, unknown>> {
  if (declaredTooLarge(request, limit)) throw new SandboxFailure(413, messages.bodyTooLarge);
  const bytes = await readLimited(request, limit);
  if (bytes.byteLength === 0) return {};
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type))
    throw new SandboxFailure(415, messages.unsupportedMediaType);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SandboxFailure(400, messages.malformedJson);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SandboxFailure(400, messages.malformedJson);
  }
  const object = JsonObject.safeParse(value);
  if (!object.success || Array.isArray(value)) throw new SandboxFailure(400, messages.bodyNotObject);
  return object.data;
}
