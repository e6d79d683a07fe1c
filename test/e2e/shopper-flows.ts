// The shopper's flows through the hosted pages, written once for any engine (engines.ts): checkout paid,
// expiry and renewal, invoice paid, the checkout with script off, and a customer topping up their own
// accounts (two deposits showing on the open page). Each asserts what the shopper
// reads on screen; the emulator plays the shopper's bank (a transfer, an invoice paid, time passing).
import assert from 'node:assert/strict';
import { FundingView } from '@pay-elements/protocol';
import { fixtures } from '@pay-elements/sandbox';
import { createSession, type Server } from './harness.js';
import { waitForText, type Path, type Tab } from './engines.js';

/**
 * The hosted invoice page of invoice `number`: by its token, as the shop's emails and pages link it
 * (the number alone opens nothing): the one place the tests make it.
 */
export function invoicePath(server: Pick<Server, 'app'>, number: string): string {
  return `/invoices/${server.app.pay.invoiceToken(number)}`;
}

export interface Flow {
  name: string;
  /** whether the shopper's browser runs script */
  script: boolean;
  run(tab: Tab, shop: Server): Promise<void>;
}

const account: Path = ['pay-dynamic-account'];
/** the running element's heading (in its shadow root: there only once its script runs) */
const title: Path = ['pay-dynamic-account', '[part="title"]'];
const countdown: Path = ['pay-dynamic-account', '[part="countdown-text"]'];
const heading: Path = ['h1#heading'];
const invoice: Path = ['pay-invoice-view'];
const badge: Path = ['pay-invoice-view', '[part="status-badge"]'];

const funding: Path = ['pay-funding-account'];
const fundingAccounts: Path = ['pay-funding-account', '[part="accounts"]'];
const deposits: Path = ['pay-funding-account', '[part="deposit-list"]'];

const grouped = (number: string) => number.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3');

async function read(tab: Tab, path: Path): Promise<string> {
  const text = await tab.text(path);
  assert.ok(text !== null, `nothing at ${path.join(' » ')}`);
  return text;
}

export const flows: readonly Flow[] = [
  {
    name: 'checkout: the account and a countdown, then "paid" by itself once the transfer arrives',
    script: true,
    async run(tab, shop) {
      const session = await createSession(shop.url, 'demo-1');
      await tab.goto(`${shop.url}/checkout/${session.id}`);
      await waitForText(tab, title, /^Pay by bank transfer$/);
      const shown = await read(tab, account);
      assert.match(shown, /Transfer exactly NGN\s?5,000\.00 to this account/);
      assert.match(shown, /Wema Bank/);
      assert.ok(shown.includes(grouped(session.account.account_number)), `the account number in "${shown}"`);
      await waitForText(tab, countdown, /^Expires in (29:[0-5]\d|30:00)$/);

      await shop.control.transfer({ account_number: session.account.account_number, amount: 5000 });
      await waitForText(tab, title, /^Payment received$/);
      await waitForText(tab, heading, /^Your order is paid$/);
    },
  },
  {
    name: 'checkout: "expired" once its time is up, then a new account that works',
    script: true,
    async run(tab, shop) {
      const session = await createSession(shop.url, 'demo-2');
      await tab.goto(`${shop.url}/checkout/${session.id}`);
      await waitForText(tab, title, /^Pay by bank transfer$/);

      await shop.control.advanceClock(31);
      await waitForText(tab, title, /^This account has expired$/);
      assert.match(await read(tab, account), /Do not send money to this account any more/);
      await waitForText(tab, heading, /^The time to pay ran out$/);

      await tab.click(['pay-dynamic-account', '[part="renew-button"]']);
      await waitForText(tab, title, /^Pay by bank transfer$/);
      const renewed = (await (await fetch(`${shop.url}/pay/sessions/${session.id}`)).json()) as {
        status: string;
        account: { account_number: string };
      };
      assert.equal(renewed.status, 'pending');
      assert.notEqual(renewed.account.account_number, session.account.account_number);
      const shown = await waitForText(tab, account, new RegExp(grouped(renewed.account.account_number)));
      assert.ok(!shown.includes(grouped(session.account.account_number)), 'the old account is gone');

      await shop.control.transfer({ account_number: renewed.account.account_number, amount: 18500.5 });
      await waitForText(tab, title, /^Payment received$/);
    },
  },
  {
    name: 'invoice: the items and the total, then "paid" by itself once it is paid',
    script: true,
    async run(tab, shop) {
      const { number } = fixtures.invoices.websiteRedesign;
      await tab.goto(`${shop.url}${invoicePath(shop, number)}`);
      await waitForText(tab, badge, /^Awaiting payment$/);
      const shown = await read(tab, invoice);
      assert.ok(shown.includes(`Invoice ${number}`), shown);
      assert.match(shown, /Total NGN\s?287,625\.00/);

      await shop.control.payInvoice(number);
      await waitForText(tab, badge, /^Paid$/);
      await waitForText(tab, heading, /^This invoice is paid$/);
    },
  },
  {
    name: 'checkout with script off: the amount, the account and its expiry readable',
    script: false,
    async run(tab, shop) {
      // the browser runs no script at all: a page's own would have said "on"
      await tab.goto('data:text/html,<p id="probe">off</p><script>probe.textContent = "on"</script>');
      assert.equal(await tab.text(['#probe']), 'off', 'script is off in this browser');

      const session = await createSession(shop.url, 'demo-3');
      const view = (await (await fetch(`${shop.url}/pay/sessions/${session.id}`)).json()) as {
        expires_at: string;
      };
      await tab.goto(`${shop.url}/checkout/${session.id}`);
      const shown = await read(tab, ['pay-dynamic-account .pay-fallback']);
      assert.match(shown, /Pay by bank transfer/);
      assert.match(shown, /Transfer exactly NGN\s?125,000\.00 to this account/);
      assert.match(shown, /Amount NGN\s?125,000\.00/);
      assert.match(shown, /Wema Bank/);
      assert.ok(shown.includes(grouped(session.account.account_number)), `the account number in "${shown}"`);
      const expiry = new Intl.DateTimeFormat('en', {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
        timeZoneName: 'short',
      }).format(new Date(view.expires_at));
      assert.ok(shown.includes(`Expires at ${expiry}`), `"Expires at ${expiry}" in "${shown}"`);
      assert.match(shown, /Check again/);
      assert.equal(await tab.text(title), null, 'the element never ran');
    },
  },
  {
    name: 'own accounts: the naira and dollar accounts, then two transfers listed by themselves within 3 s',
    script: true,
    async run(tab, shop) {
      await tab.goto(`${shop.url}/demo/fund`);
      await waitForText(tab, ['pay-funding-account', '[part="title"]'], /^Your payment accounts$/);
      const { fundingToken } = (await (await fetch(`${shop.url}/demo-config.json`)).json()) as {
        fundingToken: string;
      };
      const view = FundingView.parse(await (await fetch(`${shop.url}/pay/funding/${fundingToken}`)).json());
      const shown = await read(tab, fundingAccounts);
      for (const account of view.accounts)
        assert.ok(
          shown.includes(grouped(account.account_number)),
          `${account.currency} account in "${shown}"`,
        );
      assert.match(await read(tab, funding), /No deposits yet/);

      const naira = view.accounts.find((a) => a.currency === 'NGN');
      const dollar = view.accounts.find((a) => a.currency === 'USD');
      assert.ok(naira && dollar, 'a naira and a dollar account');
      await shop.control.transfer({ account_number: naira.account_number, amount: 12_500 });
      await waitForText(tab, deposits, /NGN\s?12,500\.00/, 3000);
      await shop.control.transfer({ account_number: dollar.account_number, amount: 240.5 });
      const both = await waitForText(tab, deposits, /\$240\.50/, 3000);
      assert.match(both, /NGN\s?12,500\.00/, 'the first still listed');
    },
  },
];
