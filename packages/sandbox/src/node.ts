// node:http ⇄ Fetch: turns an IncomingMessage into a Request whose body streams (so the size limit
// is enforced while reading, never after buffering it all), and writes the Response back. A
// DroppedConnection from the handler destroys the socket with no answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DroppedConnection } from './faults.js';
import { failureResponse, messages } from './responses.js';

/**
 * The request body as a pull stream. Nothing is attached to `req` until the handler first reads, so
 * a body the handler never reads (401, 404, an injected fault) is left to node, which drains it and
 * keeps the connection usable.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let attached = false;
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!attached) {
          attached = true;
          req.on('data', (chunk: Buffer) => {
            if (finished) return;
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= 0) req.pause();
          });
          req.once('end', () => {
            if (!finished) controller.close();
            finished = true;
          });
          req.once('error', (error) => {
            if (!finished) controller.error(error);
            finished = true;
          });
        }
        req.resume();
      },
      cancel() {
        // the handler read enough (413): drop the rest unread
        finished = true;
        req.resume();
      },
    },
    { highWaterMark: 0 },
  );
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headersDistinct)) {
    for (const v of value ?? []) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (hasBody) {
    init.body = bodyStream(req);
    init.duplex = 'half';
  }
  return new Request(new URL(req.url ?? '/', origin), init);
}

async function write(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.setHeader(name, value);
  if (response.status === 413) res.setHeader('connection', 'close');
  res.setHeader('content-length', body.byteLength);
  res.end(body);
}

export function toNodeListener(
  handle: (request: Request) => Promise<Response>,
  origin = 'http://127.0.0.1',
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      let request: Request;
      try {
        request = toRequest(req, origin);
      } catch {
        await write(res, failureResponse(400, messages.malformedUrl));
        return;
      }
      try {
        await write(res, await handle(request));
      } catch (error) {
        if (error instanceof DroppedConnection) {
          req.socket.destroy();
          return;
        }
        if (!res.headersSent) await write(res, failureResponse(500, messages.internal));
        else res.destroy();
      }
    })().catch(() => res.destroy());
  };
}
