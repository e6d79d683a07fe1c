// The service's hosted checkout: the server wrote the element with its payment details and its session
// view, in the shopper's language (the lang of #checkout), and a heading for each state; the heading
// follows the element's state, and the lead sentence shows only while the account is open. Each
// outcome is told to the app showing the page in a WebView, or to the parent window of an iframe on
// an origin the server allowed (PAY_FRAME_ORIGINS, in #checkout's data-frame-origins): docs/mobile.md.
import { openSessionStream } from '@pay-elements/elements/stream';
import { keepLanguageOnReceipt, loadLanguage } from './languages.js';

const container = document.querySelector<HTMLElement>('#checkout');
const written = container?.querySelector('pay-dynamic-account');
const sessionId =
  written?.getAttribute('session') ??
  decodeURIComponent(location.pathname.split('/').filter(Boolean).at(-1) ?? '');
const endpoint = written?.getAttribute('endpoint') ?? '/pay';
// the status stream opened while the element's code loads (not for a final view: it opens none)
const writtenStatus = written?.querySelector<HTMLElement>('.pay-fallback')?.dataset['status'];
if (sessionId && (writtenStatus ?? 'pending') === 'pending') openSessionStream(endpoint, sessionId);

// the bridge to the app (0.8 kB gzip) loads only where there is one to tell: a WebView's channel
// (each app puts its own there before the page's scripts run) or a parent window that may hear it;
// it listens from the container before the element is defined, so a view written paid is told too
const parentOrigins = (container?.dataset['frameOrigins'] ?? '').split(' ').filter(Boolean);
const channels = window as { ReactNativeWebView?: unknown; PayElementsAndroid?: unknown } & {
  webkit?: { messageHandlers?: { payElements?: unknown } };
};
const inApp =
  channels.ReactNativeWebView !== undefined ||
  channels.PayElementsAndroid !== undefined ||
  channels.webkit?.messageHandlers?.payElements !== undefined ||
  (window.parent !== window && parentOrigins.length > 0);
const bridged = inApp
  ? import('@pay-elements/elements/webview').then(({ bridgeToApp }) =>
      bridgeToApp(container ?? document.body, { parentOrigins }),
    )
  : undefined;

await Promise.all([loadLanguage(container?.lang), bridged]);
await import('@pay-elements/elements/define/pay-dynamic-account');

let element = written;
if (!element) {
  element = document.createElement('pay-dynamic-account');
  element.setAttribute('endpoint', endpoint);
  element.setAttribute('session', sessionId);
  element.toggleAttribute('show-qr', true);
  container?.append(element);
}

const heading = document.querySelector<HTMLElement>('#heading');
const lead = document.querySelector<HTMLElement>('#lead');
element.addEventListener('pay-status-change', (event) => {
  const { status } = event.detail;
  const text = heading?.dataset[status];
  if (heading && text) heading.textContent = text;
  if (lead) lead.dataset['status'] = status;
});
keepLanguageOnReceipt(container);
