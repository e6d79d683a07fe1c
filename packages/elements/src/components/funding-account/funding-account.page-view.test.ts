// <pay-funding-account> on a server-rendered page (fundingAccountHtml, as the hosted /fund/{token} page
// writes it): the accounts view the page carried is shown at once with no request to the kit, the
// page's fallback under the element is not shown once it runs, its deposits fire no pay-deposit, and
// what is not a view is ignored.
import { expect, fixture, html } from '../../test/testing.js';
import { expectAccessible } from '../../test/axe.js';
import { partText, setPageVisibility, shadow } from '../../test/account.js';
import { sendTransfer } from '../../test/backend.js';
import { accountIn, countFundingRequests, fundingToken, kitFunding } from '../../test/funding.js';
import { ManualClock } from '../../lib/clock.js';
import { fundingAccountHtml } from '../../ssr/index.js';
import '../../define/pay-funding-account.js';
import type { PayFundingAccount } from './funding-account.js';

/** Puts the server's markup in the page, as a browser parsing it would, with a manual clock. */
async function mountServerRendered(markup: string): Promise<PayFundingAccount> {
  const wrapper = await fixture<HTMLDivElement>(html`<div lang="en"></div>`);
  const template = document.createElement('template');
  template.innerHTML = markup;
  const el = template.content.firstElementChild as PayFundingAccount;
  el.clock = new ManualClock();
  el.updates = 'poll';
  wrapper.append(document.adoptNode(el));
  await el.updateComplete;
  return el;
}

describe('<pay-funding-account> taking its first view from the page', () => {
  afterEach(() => setPageVisibility('visible'));

  it('is accessible, shows the accounts and deposits at once with no request, and hides the fallback', async () => {
    const token = await fundingToken();
    const ngn = accountIn(await kitFunding(token), 'NGN');
    await sendTransfer(ngn.account_number, '5000');
    const view = await kitFunding(token);
    const requests = countFundingRequests(token);
    try {
      const el = await mountServerRendered(fundingAccountHtml(view, token));
      const deposits: Event[] = [];
      el.addEventListener('pay-deposit', (event) => deposits.push(event));
      setPageVisibility('hidden');
      expect(el.matches(':state(ready)')).to.equal(true);
      expect(requests.count).to.equal(0, 'the page carried the view');
      expect(partText(el, 'account-number').replace(/\s/g, '')).to.equal(ngn.account_number);
      expect(partText(el, 'deposit-amount')).to.equal('NGN\u00a05,000.00');
      expect(el.querySelector('.pay-fallback')!.getClientRects().length).to.equal(0);
      expect(shadow(el).querySelector('[part~="deposit-new"]')).to.equal(null);
      await expectAccessible(el);
      expect(deposits).to.have.length(0, 'a deposit the page already showed is not new');
    } finally {
      requests.restore();
    }
  });

  it('ignores what is not a funding view and loads as usual', async () => {
    const token = await fundingToken();
    const view = await kitFunding(token);
    const requests = countFundingRequests(token);
    try {
      const broken = fundingAccountHtml(view, token).replace(
        /<script type="application\/json">.*<\/script>/,
        `<script type="application/json">${JSON.stringify({ ...view, totals: [{ currency: 'NGN', amount: 5 }] })}</script>`,
      );
      const el = await mountServerRendered(broken);
      await new Promise<void>((resolve) => {
        const check = (): void => (el.funding ? resolve() : void setTimeout(check, 10));
        check();
      });
      expect(requests.count).to.equal(1);
      expect(el.funding?.totals).to.deep.equal([]);
    } finally {
      requests.restore();
    }
  });
});
