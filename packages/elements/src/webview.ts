// @pay-elements/elements/webview: a checkout's outcomes told to the app that shows the page. A mobile
// app shows the checkout in a WebView and must learn, without polling its own backend, that the
// shopper paid (or that the account expired, was renewed, that the shopper said they had sent the
// money, or that the backend could not be reached). `bridgeToApp` listens to an element's outcome
// events from outside it and posts each, as one small JSON message, to every channel an app may have
// given the page: React Native's `ReactNativeWebView`, WKWebView's (and WebKitGTK's) script-message
// handler `payElements`, an Android JavaScript interface `PayElementsAndroid`, and the parent window
// of an iframe, on the origins the merchant allowed only (never `*`). docs/mobile.md shows each app's side.

/** The outcomes told to the app. */
export type AppMessageType = 'paid' | 'expired' | 'claimed' | 'renewed' | 'error';

/** What the app receives: a JSON string (React Native, Android, a parent window) or this object (WKWebView). */
export interface AppMessage {
  /** Always `"pay-elements"`: tells these messages apart from the app's others. */
  source: 'pay-elements';
  /** The format's version: 1. */
  version: 1;
  type: AppMessageType;
  /** The checkout session's id (the element's `session`). */
  session_id: string;
  /** The session's status when this happened (`paid`, `expired`, `pending`); absent for an error. */
  status?: string;
  /** The amount as the session view gives it (a decimal string) and its currency. */
  amount?: string;
  currency?: string;
  /** `paid`: when it was paid. */
  paid_at?: string | null;
  /** `expired`, `renewed`, `claimed`: when the account expires (or expired). */
  expires_at?: string;
  /** `paid`: the receipt's page, when the merchant has receipts on. */
  receipt_url?: string;
  /** `error`: the protocol's error code (or `network_error`, `invalid_response`), the HTTP status, what failed. */
  code?: string;
  http_status?: number | null;
  operation?: string;
}

export interface BridgeOptions {
  /**
   * The origins of the pages allowed to show this one in an iframe and hear its outcomes (for
   * example `https://shop.example`): a parent window on any other origin is told nothing. None: no
   * parent window is told.
   */
  parentOrigins?: readonly string[];
  /** The window whose channels are used (the page's own by default; tests give another). */
  window?: Window;
}

/** The element's events and the message each becomes. */
const OUTCOMES = ['pay-paid', 'pay-expired', 'pay-claimed', 'pay-error', 'pay-status-change'] as const;

interface AppChannels {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { payElements?: { postMessage(message: unknown): void } } };
  PayElementsAndroid?: { postMessage(message: string): void };
}

interface SessionLike {
  id?: unknown;
  status?: unknown;
  amount?: unknown;
  currency?: unknown;
  paid_at?: unknown;
  expires_at?: unknown;
  receipt_url?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The session view's fields an app needs, from an event's `detail.session`. */
function sessionFields(session: SessionLike | undefined): Partial<AppMessage> {
  if (!session) return {};
  const fields: Partial<AppMessage> = {};
  const status = text(session.status);
  if (status) fields.status = status;
  const amount = text(session.amount);
  if (amount) fields.amount = amount;
  const currency = text(session.currency);
  if (currency) fields.currency = currency;
  if (status === 'paid') fields.paid_at = text(session.paid_at) ?? null;
  else if (text(session.expires_at)) fields.expires_at = text(session.expires_at);
  const receipt = text(session.receipt_url);
  if (receipt) fields.receipt_url = receipt;
  return fields;
}

/** The message an event becomes, or null when it is none the app is told of. */
export function appMessage(event: Event, element: Element): AppMessage | null {
  const detail = (event as CustomEvent<Record<string, unknown> | undefined>).detail ?? {};
  const session = detail['session'] as SessionLike | undefined;
  let type: AppMessageType;
  if (event.type === 'pay-status-change') {
    // a renewal is the one status change without an event of its own: expired, then open again
    if (detail['previous'] !== 'expired' || detail['status'] !== 'pending') return null;
    type = 'renewed';
  } else type = event.type.slice('pay-'.length) as AppMessageType;
  const id = text(session?.id) ?? element.getAttribute('session') ?? '';
  const message: AppMessage = { source: 'pay-elements', version: 1, type, session_id: id };
  if (type === 'error') {
    const code = text(detail['code']);
    if (code) message.code = code;
    const status = detail['status'];
    message.http_status = typeof status === 'number' ? status : null;
    const operation = text(detail['operation']);
    if (operation) message.operation = operation;
    return message;
  }
  return { ...message, ...sessionFields(session) };
}

/**
 * Posts `message` to each channel the app gave the page, and to the parent window on each allowed
 * origin (the browser delivers it only where the parent's origin is that one). A channel that throws
 * does not keep the others from hearing it. Answers how many channels were told.
 */
export function postToApp(message: AppMessage, options: BridgeOptions = {}): number {
  const win = options.window ?? window;
  const channels = win as unknown as AppChannels;
  const json = JSON.stringify(message);
  const posts: (() => void)[] = [];
  const native = channels.ReactNativeWebView;
  if (native && typeof native.postMessage === 'function') posts.push(() => native.postMessage(json));
  const handler = channels.webkit?.messageHandlers?.payElements;
  if (handler && typeof handler.postMessage === 'function') posts.push(() => handler.postMessage(message));
  const android = channels.PayElementsAndroid;
  if (android && typeof android.postMessage === 'function') posts.push(() => android.postMessage(json));
  if (win.parent !== win) {
    for (const origin of allowedOrigins(options.parentOrigins))
      posts.push(() => win.parent.postMessage(json, origin));
  }
  let told = 0;
  for (const post of posts) {
    try {
      post();
      told++;
    } catch (error) {
      console.error('pay-elements: a WebView channel refused a message', error);
    }
  }
  return told;
}

/** The origins a parent window may be on: each an `http(s)://host[:port]` origin, `*` and the rest dropped. */
export function allowedOrigins(origins: readonly string[] | undefined): string[] {
  const allowed: string[] = [];
  for (const origin of origins ?? []) {
    try {
      const url = new URL(origin);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin.replace(/\/$/, ''))
        allowed.push(url.origin);
    } catch {
      // not an origin: never a target
    }
  }
  return [...new Set(allowed)];
}

/**
 * Tells the app each outcome of `element` (a `<pay-dynamic-account>`, or any ancestor of one: the
 * events bubble): `paid`, `expired`, `claimed`, `renewed` and `error`, as `AppMessage`s. Answers the
 * function that stops it.
 */
export function bridgeToApp(element: Element, options: BridgeOptions = {}): () => void {
  const listener = (event: Event): void => {
    const message = appMessage(event, event.target instanceof Element ? event.target : element);
    if (message) postToApp(message, options);
  };
  for (const name of OUTCOMES) element.addEventListener(name, listener);
  return () => {
    for (const name of OUTCOMES) element.removeEventListener(name, listener);
  };
}
