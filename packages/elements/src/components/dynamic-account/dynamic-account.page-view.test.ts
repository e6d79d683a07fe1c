// <pay-dynamic-account> on a server-rendered page: the session view the page carried (a child
// <script type="application/json">) is shown at once with no request to the kit, the page's fallback
// text under the element is not shown once the element runs, and a view for another session, or one
// that is not a view, is ignored (the element loads as usual).
import { expect, fixture, html } from '../../test/testing.js';
import { countSessionRequests, createSession, endpoint } from '../../test/backend.js';
import { partText, payEventTypes, type PayEventType } from '../../test/account.js';
import { EventLog } from '../../test/event-log.js';
import '../../define/pay-dynamic-account.js';
import type { PayDynamicAccount } from './dynamic-account.js';
import { ManualClock } from '../../lib/clock.js';
import { expectAccessible } from '../../test/axe.js';

/** The element as a server would write it: attributes, a fallback paragraph and the view as JSON. */
async function mountServerRendered(
  session: string,
  json: string,
): Promise<{ el: PayDynamicAccount; log: EventLog<PayEventType> }> {
  const wrapper = await fixture<HTMLDivElement>(html`<div lang="en"></div>`);
  // parsed as HTML, as a page would be, before the element is connected and upgraded
  const template = document.createElement('template');
  template.innerHTML = `<pay-dynamic-account endpoint="${endpoint}" session="${session}" updates="poll">
    <p class="fallback">Transfer to this account (fallback)</p>
    <script type="application/json"></script>
  </pay-dynamic-account>`;
  const el = template.content.firstElementChild as PayDynamicAccount;
  el.querySelector('script')!.textContent = json;
  el.clock = new ManualClock();
  const log = new EventLog(el, payEventTypes);
  wrapper.append(document.adoptNode(el));
  await el.updateComplete;
  return { el, log };
}

describe('<pay-dynamic-account> taking its first view from the page', () => {
  it('is accessible showing the view the page carried', async () => {
    const view = await createSession();
    const { el } = await mountServerRendered(view.id, JSON.stringify(view));
    await expectAccessible(el);
  });

  it('shows the account at once, with no request for the session', async () => {
    const view = await createSession();
    const requests = countSessionRequests(view.id);
    try {
      const { el } = await mountServerRendered(view.id, JSON.stringify(view));
      expect(partText(el, 'title')).to.equal('Pay by bank transfer');
      expect(partText(el, 'account-number').replace(/\s/g, '')).to.equal(view.account.account_number);
      expect(el.status).to.equal('pending');
      expect(requests.count).to.equal(0, 'the page carried the view');
      const fallback = el.querySelector<HTMLElement>('.fallback')!;
      expect(fallback.getClientRects().length).to.equal(0, 'the fallback is not rendered');
    } finally {
      requests.restore();
    }
  });

  it('fires pay-status-change for the view it took', async () => {
    const view = await createSession();
    const wrapper = await fixture<HTMLDivElement>(html`<div lang="en"></div>`);
    const events: string[] = [];
    wrapper.addEventListener('pay-status-change', (e) => events.push(e.detail.status));
    const template = document.createElement('template');
    template.innerHTML = `<pay-dynamic-account endpoint="${endpoint}" session="${view.id}" updates="poll"><script type="application/json"></script></pay-dynamic-account>`;
    const el = template.content.firstElementChild as PayDynamicAccount;
    el.querySelector('script')!.textContent = JSON.stringify(view);
    el.clock = new ManualClock();
    wrapper.append(document.adoptNode(el));
    await el.updateComplete;
    expect(events).to.deep.equal(['pending']);
  });

  it('ignores a view of another session, and one that is not a view, and loads as usual', async () => {
    const view = await createSession();
    const other = { ...view, id: 'someone-else' };
    for (const json of [JSON.stringify(other), '{"id": 1}', 'not json']) {
      const requests = countSessionRequests(view.id);
      try {
        const { el, log } = await mountServerRendered(view.id, json);
        if (!el.status) await log.next('pay-status-change', 'pay-error');
        expect(el.status).to.equal('pending');
        expect(requests.count).to.equal(1, `loaded once for ${json}`);
      } finally {
        requests.restore();
      }
    }
  });
});
