// What the browser is shown of a session: its view (display fields, the merchant's and the order's,
// kept with the session so every instance shows the same), rendered once per version of the record
// rather than on every poll, and answered with `server_time` and an ETag (304 when the browser holds it).
import type { SessionDisplay, SessionMerchant, SessionView } from '@pay-elements/protocol';
import { requestHeader } from '@pay-elements/http';
import type { Clock } from '../../clock.js';
import { etagMatches, etagOf, notModified, taggedJsonText } from '../../http/answers.js';
import type { SessionRecord } from './book.js';

/** Fields of the view other flows fill in (a link once paid), pure functions of the record. */
export type SessionExtras = (session: SessionRecord) => Record<string, string>;

/** The display fields of a session: its order's, with the kit's merchant where the order names none. */
export function sessionDisplay(
  merchant: SessionMerchant | undefined,
  session: SessionRecord,
): SessionDisplay {
  const given = session.display;
  const shown = given?.merchant ?? merchant;
  return {
    ...(shown ? { merchant: shown } : {}),
    ...(given?.order ? { order: given.order } : {}),
    ...(given?.return_url ? { return_url: given.return_url } : {}),
  };
}

/** The session as the widget sees it, without `server_time` (what the ETag is computed over). */
export type StableSessionView = Omit<SessionView, 'server_time'>;

export function stableView(
  session: SessionRecord,
  checkoutUrl?: (id: string) => string,
  display: SessionDisplay = {},
  extras: Record<string, string> = {},
): StableSessionView {
  const view: StableSessionView = {
    id: session.id,
    status: session.status,
    amount: session.amount,
    currency: session.currency,
    account: {
      account_name: session.account.accountName,
      account_number: session.account.accountNumber,
      bank_name: session.account.bankName,
    },
    reference: session.reference,
    created_at: session.createdAt,
    expires_at: session.expiresAt,
    paid_at: session.paidAt,
    claimed_at: session.claimedAt ?? null,
  };
  if (checkoutUrl) view.checkout_url = checkoutUrl(session.id);
  if (display.merchant) view.merchant = display.merchant;
  if (display.order) view.order = display.order;
  if (display.return_url) view.return_url = display.return_url;
  // fields of the protocol's view that other flows fill in
  return { ...view, ...extras };
}

/** A session's view as answered: its ETag and its JSON up to the closing brace, for one version. */
interface RenderedView {
  /** the fields of the record it was rendered from that can change (a copy) */
  version: Version;
  etag: string;
  /** `JSON.stringify(stable)` without its closing `}`, so that `server_time` is added as text */
  open: string;
  /** the last answer's `server_time` and JSON: polls within the same millisecond share them */
  time: string;
  text: string;
}

/**
 * The fields of a record a store changes (paid, expired, renewed), and the amount; the rest (display
 * included) is fixed when the session is created.
 */
type Version = Pick<
  SessionRecord,
  'status' | 'reference' | 'expiresAt' | 'paidAt' | 'amount' | 'currency' | 'claimedAt'
> &
  SessionRecord['account'];

function versionOf(s: SessionRecord): Version {
  return {
    status: s.status,
    reference: s.reference,
    expiresAt: s.expiresAt,
    paidAt: s.paidAt,
    claimedAt: s.claimedAt,
    amount: s.amount,
    currency: s.currency,
    ...s.account,
  };
}

/** Whether a record shows the view rendered for `v` (compared field by field: nothing made per poll). */
function sameVersion(v: Version, s: SessionRecord): boolean {
  return (
    v.status === s.status &&
    v.reference === s.reference &&
    v.expiresAt === s.expiresAt &&
    v.paidAt === s.paidAt &&
    v.claimedAt === s.claimedAt &&
    v.amount === s.amount &&
    v.currency === s.currency &&
    v.accountNumber === s.account.accountNumber &&
    v.accountName === s.account.accountName &&
    v.bankName === s.account.bankName
  );
}

/** Views rendered for this many sessions at most (the least recently rendered go first). */
const RENDERED_VIEWS = 4096;

/**
 * Each session's view, rendered (serialized and hashed for its ETag) once per version of the record
 * rather than on every poll: most polls of a pending session find it as it was.
 */
class RenderedViews {
  readonly #views = new Map<string, RenderedView>();
  readonly #checkoutUrl: ((id: string) => string) | undefined;
  readonly #merchant: SessionMerchant | undefined;
  readonly #extras: SessionExtras;

  constructor(
    checkoutUrl: ((id: string) => string) | undefined,
    merchant: SessionMerchant | undefined,
    extras: SessionExtras,
  ) {
    this.#checkoutUrl = checkoutUrl;
    this.#merchant = merchant;
    this.#extras = extras;
  }

  of(session: SessionRecord): RenderedView {
    const held = this.#views.get(session.id);
    if (held && sameVersion(held.version, session)) return held;
    const stable = stableView(
      session,
      this.#checkoutUrl,
      sessionDisplay(this.#merchant, session),
      this.#extras(session),
    );
    const text = JSON.stringify(stable);
    const view: RenderedView = {
      version: versionOf(session),
      etag: etagOf(stable),
      open: text.slice(0, -1),
      time: '',
      text: '',
    };
    this.#views.delete(session.id);
    if (this.#views.size >= RENDERED_VIEWS) {
      const oldest = this.#views.keys().next();
      if (!oldest.done) this.#views.delete(oldest.value);
    }
    this.#views.set(session.id, view);
    return view;
  }
}

/** The kit's session answers: each session's view with `server_time` and its ETag. */
export class SessionAnswers {
  readonly #views: RenderedViews;
  readonly #clock: Clock;
  // the clock's time as ISO 8601, made once per millisecond however many polls ask within it
  #lastNow = NaN;
  #lastTime = '';

  constructor(
    clock: Clock,
    checkoutUrl: ((id: string) => string) | undefined,
    merchant: SessionMerchant | undefined,
    extras: SessionExtras,
  ) {
    this.#clock = clock;
    this.#views = new RenderedViews(checkoutUrl, merchant, extras);
  }

  /** The view with server_time and its ETag; 304 when `request` already holds this version. */
  answer(session: SessionRecord, request: Request | null, status = 200): Response {
    const view = this.#views.of(session);
    if (request && etagMatches(requestHeader(request, 'if-none-match'), view.etag))
      return notModified(view.etag);
    const time = this.#serverTime();
    if (view.time !== time) {
      // the view's JSON with `server_time` last, as JSON.stringify({ ...stable, server_time }) gives it
      view.time = time;
      view.text = `${view.open},"server_time":"${time}"}`;
    }
    return taggedJsonText(view.text, status, view.etag);
  }

  #serverTime(): SessionView['server_time'] {
    const now = this.#clock.now();
    if (now !== this.#lastNow) {
      this.#lastNow = now;
      this.#lastTime = new Date(now).toISOString();
    }
    return this.#lastTime;
  }
}
