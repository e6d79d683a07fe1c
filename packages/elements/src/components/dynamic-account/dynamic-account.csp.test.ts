// <pay-dynamic-account> on a page whose policy blocks the status stream: a CSP (added by a <meta>,
// so this file has its own page) allows the session's poll URL exactly but not its /events path.
// The browser refuses the stream (WebKit by throwing from the EventSource constructor, the others
// with an error event), the element polls as before, nothing is left unhandled, and "paid" arrives.
import { expect } from '../../test/testing.js';
import { createSession, sendTransfer, streamStats, until } from '../../test/backend.js';
import { mountAccount, partText } from '../../test/account.js';
import { openStreamCount } from '../../lib/session-stream.js';

describe('<pay-dynamic-account> when a policy blocks the status stream', () => {
  it('polls instead, with no error shown, and turns paid', async () => {
    const view = await createSession();
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event.blockedURI));
    const unhandled: unknown[] = [];
    window.addEventListener('unhandledrejection', (event) => unhandled.push(event.reason));
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    // exact paths (no trailing slash) allow the poll and the test controls, not /events; the runner's
    // socket by its path (WebKitGTK lets a bare `ws:` match the page's own http URLs)
    const { origin, host } = location;
    const session = `${origin}/pay/sessions/${encodeURIComponent(view.id)}`;
    meta.content = `connect-src ws://${host}/wds ${origin}/_test/ ${session}`;
    document.head.append(meta);

    const before = await streamStats();
    const { el, clock, log } = await mountAccount(view.id, { updates: 'push' });
    await until(() => violations.some((uri) => uri.endsWith('/events')), 'the policy to refuse the stream');
    await until(() => openStreamCount() === 0, 'the element to give the stream up');
    expect((await streamStats()).total).to.equal(before.total, 'the stream never reached the kit');

    await sendTransfer(view.account.account_number, view.amount);
    const paid = log.next('pay-paid');
    await clock.advance(2000);
    await paid;
    await el.updateComplete;
    expect(partText(el, 'title')).to.equal('Payment received');
    expect(log.of('pay-error')).to.have.length(0);
    expect(unhandled.map(String)).to.deep.equal([]);
  });
});
