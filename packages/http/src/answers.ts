// What a Fetch handler and the node adapter may share beyond the Fetch standard, so that a status
// poll costs no more than it must: answers whose text and headers stay plain until something asks for
// the Fetch objects, request headers read from the node request as they came, and the client's socket
// address. Whatever leaves a public handler is a real Response (`realResponse`): Bun, Deno, Workers
// and Next.js accept only Responses made by their own constructor.

/**
 * How the node adapter's requests give a header from the node request as it came, without making a
 * Headers of all of them (a status poll reads two).
 */
export const plainHeader = Symbol('pay-elements.plainHeader');

interface PlainHeaders {
  [plainHeader](name: string): string | null;
}

/** How an adapter's own request objects give the client's socket address (a getter under this key). */
export const plainClientAddress = Symbol('pay-elements.clientAddress');

/** The client addresses adapters recorded for the real Requests they built. */
const clientAddresses = new WeakMap<Request, string>();

/** Records the socket address of a Request an adapter built: the Fetch API has no such field. */
export function recordClientAddress(request: Request, address: string): void {
  clientAddresses.set(request, address);
}

/**
 * The remote address of the socket a Request came in on, as the adapter that built it recorded it;
 * undefined for any other Request. Behind a proxy this is the proxy's address: read the header the
 * proxy sets then.
 */
export function clientAddress(request: Request): string | undefined {
  const plain = request as Partial<Record<typeof plainClientAddress, string | undefined>>;
  return plain[plainClientAddress] ?? clientAddresses.get(request);
}

/** A request header (lower-case name), as `request.headers.get(name)` answers it. */
export function requestHeader(request: Request, name: string): string | null {
  const plain = request as Partial<PlainHeaders>;
  return plain[plainHeader] ? plain[plainHeader](name) : request.headers.get(name);
}

/**
 * Thrown (or rejected with) by a handler to end the connection with no answer at all: the emulator's
 * dropped-connection fault.
 */
export class DropConnection extends Error {
  override readonly name: string = 'DropConnection';
}

/** Sets `name` in a name, value, … list: replaced, or appended to (`, `) when `append`, or added. */
export function putHeader(plain: string[], name: string, value: string, append = false): void {
  for (let i = 0; i < plain.length; i += 2) {
    if (plain[i] !== name) continue;
    plain[i + 1] = append ? `${plain[i + 1]}, ${value}` : value;
    return;
  }
  plain.push(name, value);
}

/**
 * An answer that is a Response (`instanceof` holds, every member works) but keeps its text and
 * headers plain until something asks for the Fetch objects: the node adapter writes them as they are,
 * and building a body stream and a Headers per answer cost more than the kit's status route itself.
 * Reading `headers` makes the Headers (which from then on are the headers); reading any body member
 * or `clone()` makes the real Response, which from then on answers everything.
 */
class PlainAnswer {
  readonly #text: string | null;
  readonly #status: number;
  /** name, value, …: lower-case names, each once */
  readonly #plain: string[];
  #headers: Headers | undefined;
  #real: Response | undefined;

  /** `plain` is the answer's own from here on */
  constructor(text: string | null, status: number, plain: string[]) {
    this.#text = text;
    this.#status = status;
    this.#plain = plain;
  }

  /** the headers (name, value, …), while no one has made the Fetch objects; the answer's own */
  get unreadHeaders(): string[] | undefined {
    return this.#real || this.#headers ? undefined : this.#plain;
  }

  get unreadText(): string | null {
    return this.#text;
  }

  /** Sets a header (a `vary` appended to the one there), without making a Headers if none was made. */
  setHeader(name: string, value: string): void {
    if (this.#headers || this.#real) {
      setHeader(this.headers, name, value);
      return;
    }
    putHeader(this.#plain, name, value, name === 'vary');
  }

  #response(): Response {
    this.#real ??= new Response(this.#text, { status: this.#status, headers: this.headers });
    return this.#real;
  }

  /** The real Response this answer stands for (made once). */
  real(): Response {
    return this.#response();
  }

  get status(): number {
    return this.#status;
  }
  get ok(): boolean {
    return this.#status >= 200 && this.#status < 300;
  }
  get statusText(): string {
    return '';
  }
  get headers(): Headers {
    if (this.#real) return this.#real.headers;
    if (!this.#headers) {
      const headers = new Headers();
      for (let i = 0; i < this.#plain.length; i += 2) headers.set(this.#plain[i]!, this.#plain[i + 1]!);
      this.#headers = headers;
    }
    return this.#headers;
  }
  get type(): Response['type'] {
    return 'default';
  }
  get url(): string {
    return '';
  }
  get redirected(): boolean {
    return false;
  }
  get body(): ReadableStream<Uint8Array> | null {
    return this.#text === null ? null : this.#response().body;
  }
  get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? false;
  }
  clone(): Response {
    return this.#response().clone();
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#response().arrayBuffer();
  }
  blob(): Promise<Blob> {
    return this.#response().blob();
  }
  formData(): Promise<FormData> {
    return this.#response().formData();
  }
  // newer Nodes' Response has bytes(); the typings this package builds against may not
  bytes(): Promise<Uint8Array> {
    return (this.#response() as unknown as { bytes(): Promise<Uint8Array> }).bytes();
  }
  json(): Promise<unknown> {
    return this.#response().json();
  }
  text(): Promise<string> {
    return this.#response().text();
  }
}
Object.setPrototypeOf(PlainAnswer.prototype, Response.prototype);

/**
 * A Response of `text` (null: no body) with `headers` (name, value, …: lower-case names, each once;
 * the answer's own from here on) kept plain for the node adapter.
 */
export function plainAnswer(text: string | null, status: number, headers: string[]): Response {
  return new PlainAnswer(text, status, headers) as unknown as Response;
}

/**
 * The real Response of an answer: a plain answer becomes one (its text and headers as they are), any
 * other Response is given back as it is. Every answer that leaves a public handler passes here: Bun,
 * Deno, Workers and Next.js accept only Responses made by their own constructor, not a lookalike.
 */
export function realResponse(response: Response): Response {
  if (!(response instanceof PlainAnswer)) return response;
  const headers = response.unreadHeaders;
  if (!headers) return response.real();
  const real = new Headers();
  for (let i = 0; i < headers.length; i += 2) real.append(headers[i]!, headers[i + 1]!);
  return new Response(response.unreadText, { status: response.status, headers: real });
}

/**
 * A handler as the node adapter calls it, a property of the public handler (the kit's `fetch`): its
 * answers may be plain (`unreadAnswer`), which the adapter writes without making Fetch objects. What
 * a merchant calls answers real Responses only.
 */
export const plainAnswers = Symbol('pay-elements.plainAnswers');

/** A Fetch handler that may carry its `plainAnswers` handler for the node adapter. */
export interface WithPlainAnswers {
  [plainAnswers]?: (request: Request) => Response | Promise<Response>;
}

/**
 * A plain answer's headers (name, value, …) and body text (null: none) while nothing has made its
 * Fetch objects; undefined for any other Response. The headers are the answer's own to add to.
 */
export function unreadAnswer(response: Response): { headers: string[]; text: string | null } | undefined {
  if (!(response instanceof PlainAnswer)) return undefined;
  const headers = response.unreadHeaders;
  return headers ? { headers, text: response.unreadText } : undefined;
}

/** Sets a header of a Headers (a `vary` appended to any there). */
function setHeader(headers: Headers, name: string, value: string): void {
  const current = name === 'vary' ? headers.get(name) : null;
  headers.set(name, current ? `${current}, ${value}` : value);
}

/** Sets a header of an answer in place (a `vary` appended to any there). */
export function setAnswerHeader(response: Response, name: string, value: string): void {
  if (response instanceof PlainAnswer) response.setHeader(name, value);
  else setHeader(response.headers, name, value);
}
