// The framed page of webview.test.ts: the bridge with `?parent=<origin>` (repeated) as its allowed
// parent origins, then one `pay-paid` from the element; then, so that the test knows it is over (and
// on a channel of the test's own, not the bridge's), `{ done: true }` to any parent.
import { bridgeToApp } from '../webview.js';

const parentOrigins = new URLSearchParams(location.search).getAll('parent');
const element = document.querySelector('pay-test-element')!;
bridgeToApp(element, { parentOrigins });
const session = {
  id: 'sess_framed',
  status: 'paid',
  amount: '5000.00',
  currency: 'NGN',
  paid_at: '2026-01-01T00:00:00Z',
};
element.dispatchEvent(new CustomEvent('pay-paid', { detail: { session }, bubbles: true, composed: true }));
window.parent.postMessage({ done: true }, '*');
