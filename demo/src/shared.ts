// Bits the framework pages (React, Vue) share: starting a checkout through the backend kit, the
// emulator's transfer button, one line of text per event, and the sample data they give the
// elements as properties.
import {
  PayCopyEvent,
  PayErrorEvent,
  PayExpiredEvent,
  PayPaidEvent,
  PayShareEvent,
  PayStatusChangeEvent,
  type BankEntry,
  type LinkView,
} from '@pay-elements/elements';

/** What server-example tells the demo pages (`/demo-config.json`). */
export interface DemoConfig {
  sandbox: boolean;
  orders: Array<{ id: string; title: string; amount: string; currency: string }>;
  /** the demo invoice: its number, and its token (what a page gives `<pay-invoice-view>`) */
  invoice: { number: string; token: string };
  /** the demo customer's funding token (`<pay-funding-account token>`) */
  fundingToken?: string;
}

/** The demo's configuration, asked for once per page. */
let config: Promise<DemoConfig> | null = null;
export function demoConfig(): Promise<DemoConfig> {
  config ??= fetch('/demo-config.json').then((response) => response.json() as Promise<DemoConfig>);
  return config;
}

/**
 * Starts a checkout for one of the demo shop's orders; answers the session id, or null. The kit
 * answers 201 for a new session and 200 with the order's existing one (open, paid, or expired and
 * renewable): both are the order's checkout.
 */
export async function createSession(orderId: string): Promise<string | null> {
  try {
    const response = await fetch('/pay/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: orderId }),
    });
    const json: unknown = await response.json();
    if (!response.ok || typeof json !== 'object' || json === null || !('id' in json)) return null;
    return typeof json.id === 'string' ? json.id : null;
  } catch {
    return null;
  }
}

/** Has the emulator send the session's exact amount to its account (server-example's sandbox route). */
export async function sendTransfer(sessionId: string): Promise<boolean> {
  const response = await fetch(`/demo-api/sessions/${encodeURIComponent(sessionId)}/transfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return response.ok;
}

export interface LoggedEvent {
  key: number;
  text: string;
}

/** What a page reads from each event, as one line. */
export function describeEvent(event: Event): string {
  if (event instanceof PayStatusChangeEvent)
    return `${event.detail.previous ?? 'none'} → ${event.detail.status}`;
  if (event instanceof PayPaidEvent) return `session ${event.detail.session.id} paid`;
  if (event instanceof PayExpiredEvent) return `session ${event.detail.session.id} expired`;
  if (event instanceof PayErrorEvent) return `${event.detail.code} during ${event.detail.operation}`;
  if (event instanceof PayCopyEvent) return `${event.detail.field} copied`;
  if (event instanceof PayShareEvent) return event.detail.url;
  return '';
}

export function eventLine(event: Event, key: number): LoggedEvent {
  return { key, text: `${event.type}: ${describeEvent(event)}` };
}

/** A bank list of the page's own (the picker is given it as a property and fetches nothing). */
export function sampleBanks(brand: string): BankEntry[] {
  return [
    { code: `${brand.toUpperCase().slice(0, 3)}01`, name: `${brand} Savings Bank` },
    { code: `${brand.toUpperCase().slice(0, 3)}02`, name: `${brand} Cooperative Bank` },
    { code: `${brand.toUpperCase().slice(0, 3)}03`, name: `First ${brand} Trust` },
  ];
}

/** A payment link the page already has (from its own list, say): the element shows it as given. */
export function sampleLink(id: string, title: string): LinkView {
  return {
    id,
    title,
    description: 'Given to the element as an object: no request is made for it.',
    amount: '2500.00',
    currency: 'NGN',
    url: `${location.origin}/pay-link-demo/${id}`,
    status: 'active',
    expires_at: null,
    created_at: '2025-01-01T00:00:00Z',
  };
}

/**
 * The demo customer's funding token (`pay.fundingToken(customerId)`), as server-example's
 * /demo-config.json gives it (`fundingToken`); null when it gives none.
 */
export async function demoFundingToken(): Promise<string | null> {
  const token = (await demoConfig().catch(() => null))?.fundingToken;
  return typeof token === 'string' && token ? token : null;
}

/** What a page shows in place of <pay-funding-account> when the server gave no funding token. */
export function missingFundingToken(): HTMLParagraphElement {
  const message = document.createElement('p');
  message.className = 'muted';
  message.textContent =
    'No funding token: the server’s /demo-config.json has no "fundingToken" for the demo customer, so <pay-funding-account> has nothing to open.';
  return message;
}
