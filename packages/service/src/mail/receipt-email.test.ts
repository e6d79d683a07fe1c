// The receipt email of a paid session whose order named the shopper (issue 44, item 2), against a real
// SMTP server on loopback (smtp-server, read back with mailparser): one email per paid session whatever
// delivers the news (webhooks, redeliveries, the watcher, two instances on one database), in the
// shopper's language with the amount, merchant, order reference and a receipt link that opens; retried
// after a refusal; the paid transition not held up by a mail server that hangs; the address in no log
// line, view or page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signWebhook } from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import { SessionView } from '@pay-elements/protocol';
import { kitsOnOneFile } from '@pay-elements/testing/kits-on-one-file';
import {
  creditedEvent,
  SHOP,
  startWorld,
  TransferAnswer,
  WEBHOOK_SECRET,
} from '@pay-elements/testing/kit-world';
import { readServiceConfig } from '../config.js';
import { startSilentSmtp, startSmtp, type TestSmtp } from '@pay-elements/testing/smtp';
import { startTestService, type Started } from '../testing/service.js';
import { smtpReceiptSender } from './smtp.js';

const ADDRESS = 'ada.lovelace@example.com';
const FROM = 'Acme Stores <receipts@acme.test>';
const ada = fixtures.customers.ada.id;

interface SessionBody {
  id: string;
  status: string;
  account: { account_number: string };
}

const order = (id: string, extra: Record<string, unknown> = {}) => ({
  order_id: id,
  amount: '125000.00',
  currency: 'NGN',
  customer_id: ada,
  email: ADDRESS,
  order: { title: 'Ankara tote bag', reference: `#${id}` },
  ...extra,
});

/** Opens the order's session through the merchant API and pays it through the emulator. */
async function openAndPay(s: Started, body: Record<string, unknown>): Promise<SessionBody> {
  const session = (await (await s.api('/api/sessions', { body })).json()) as SessionBody;
  await s.control.transfer({ account_number: session.account.account_number, amount: 125_000 });
  await s.service.sandbox?.flushWebhooks();
  return session;
}

describe('the receipt email through pay-service', () => {
  let smtp: TestSmtp;
  let s: Started;
  before(async () => {
    smtp = await startSmtp();
    s = await startTestService({ PAY_SMTP_URL: smtp.url, PAY_MAIL_FROM: FROM });
  });
  after(async () => {
    await s.close();
    await smtp.close();
  });

  it("sends one email in the shopper's language, with the amount, merchant, reference and receipt link", async () => {
    const paid = await openAndPay(s, order('fr-1', { locale: 'fr-CI' }));
    const [mail] = await smtp.until(1);
    assert.ok(mail);
    assert.equal(mail.subject, 'Paiement reçu · Acme Stores · #fr-1');
    assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.text : '', ADDRESS);
    assert.equal(mail.from?.text, '"Acme Stores" <receipts@acme.test>');
    assert.equal(mail.headers.get('content-language'), 'fr');
    assert.equal(mail.messageId, `<paid-email.${paid.id}@acme.test>`);
    const amount = new Intl.NumberFormat('fr', { style: 'currency', currency: 'NGN' }).format(125_000);
    const text = mail.text ?? '';
    for (const line of [
      'Paiement reçu',
      'Merci pour votre paiement à Acme Stores. Conservez ce reçu.',
      `Montant: ${amount}`,
      'Payé à: Acme Stores',
      'Objet: Ankara tote bag',
      'Référence de la commande: #fr-1',
    ])
      assert.ok(text.includes(line), `${line} in ${text}`);
    const link = /Voir le reçu: (\S+)/.exec(text)?.[1] ?? /: (http\S+\/receipts\/\S+)/.exec(text)?.[1];
    assert.ok(link?.startsWith(`${s.base}/receipts/`), text);
    if (!link) return;
    assert.match(mail.html || '', /<html lang="fr" dir="ltr">/);
    assert.ok((mail.html || '').includes(`href="${link}"`));
    assert.ok((mail.html || '').includes(amount));
    // the link opens the receipt
    const page = await fetch(link);
    assert.equal(page.status, 200);
    assert.ok((await page.text()).includes('Ankara tote bag'));

    // the news again (a redelivered webhook, the watcher's sweep) sends nothing more
    for (const entry of (await s.control.webhooks()).slice(0, 2)) await s.control.redeliver(entry.id);
    await s.service.sandbox?.flushWebhooks();
    await s.service.kit.pay.watcher.sweep();
    await s.service.kit.pay.watcher.idle();
    assert.equal(smtp.received.filter((m) => m.subject?.includes('#fr-1')).length, 1);

    // the address is in no log line, widget view or hosted page
    const view = await (await fetch(`${s.base}/pay/sessions/${paid.id}`)).text();
    const checkout = await (await fetch(`${s.base}/checkout/${paid.id}`)).text();
    for (const [where, what] of [
      ['log', s.lines.join('\n')],
      ['view', view],
      ['checkout', checkout],
    ] as const)
      assert.ok(!what.includes(ADDRESS) && !what.includes('ada.lovelace'), `no address in the ${where}`);
  });

  it('writes English for a language it does not speak, and Arabic right to left', async () => {
    await openAndPay(s, order('xx-1', { locale: 'de' }));
    await openAndPay(s, order('ar-1', { locale: 'ar' }));
    const mails = await smtp.until(3);
    const en = mails.find((m) => m.subject?.includes('#xx-1'));
    const ar = mails.find((m) => m.subject?.includes('#ar-1'));
    assert.equal(en?.subject, 'Payment received · Acme Stores · #xx-1');
    assert.ok(en?.text?.includes('View receipt: '));
    assert.match(ar?.html || '', /<html lang="ar" dir="rtl">/);
  });

  it('refuses a locale that is not a language tag, naming the field (400)', async () => {
    const answer = await s.api('/api/sessions', { body: order('bad-locale', { locale: 'French!' }) });
    assert.equal(answer.status, 400);
    const body = (await answer.json()) as { error: { code: string; fields?: Record<string, string[]> } };
    assert.equal(body.error.code, 'invalid_request');
    assert.deepEqual(Object.keys(body.error.fields ?? {}), ['locale']);
  });

  it('sends none for an order without an email', async () => {
    const before = smtp.received.length;
    const { email: _none, ...withoutEmail } = order('none-1');
    await openAndPay(s, withoutEmail);
    await s.service.kit.pay.watcher.idle();
    assert.equal(smtp.received.length, before);
  });

  it('retries a refused email with the backoff, and logs the refusal without the address', async () => {
    smtp.refuse = 1;
    const before = smtp.received.length;
    await openAndPay(s, order('retry-1'));
    await s.service.kit.pay.watcher.idle();
    assert.equal(smtp.refused, 1);
    assert.equal(smtp.received.length, before, 'nothing sent yet');
    const warned = s.lines.find((l) => l.includes('sendPaidEmail failed; retried in 5 s'));
    assert.ok(warned, s.lines.slice(-5).join('\n'));
    assert.ok(warned.includes('<[address]>: mailbox busy'), warned);
    assert.ok(!s.lines.join('\n').includes('ada.lovelace'), 'no address in a log line');
    // not due before the backoff's first step (5 s on the kit's clock)
    await s.service.kit.pay.watcher.sweep();
    assert.equal(smtp.received.length, before);
    s.clock.advance(6_000);
    await s.service.kit.pay.watcher.sweep();
    await s.service.kit.pay.watcher.idle();
    const mails = await smtp.until(before + 1);
    assert.equal(mails.filter((m) => m.subject?.includes('#retry-1')).length, 1);
  });
});

describe('a mail server that hangs', () => {
  it('does not hold up the paid transition', async () => {
    const silent = await startSilentSmtp();
    const s = await startTestService({ PAY_SMTP_URL: silent.url, PAY_MAIL_FROM: FROM });
    try {
      const session = (await (await s.api('/api/sessions', { body: order('down-1') })).json()) as SessionBody;
      const started = performance.now();
      await s.control.transfer({ account_number: session.account.account_number, amount: 125_000 });
      await s.service.sandbox?.flushWebhooks();
      const answer = (await (await s.api(`/api/sessions/${session.id}`)).json()) as SessionBody;
      const ms = performance.now() - started;
      assert.equal(answer.status, 'paid');
      await silent.connected();
      assert.ok(ms < 2000, `paid in ${Math.round(ms)} ms while the mail server hangs`);
    } finally {
      // the hanging connection ends: the email stays owed, and the service stops
      await silent.close();
      await s.close();
    }
  });
});

describe('two kit instances on one database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-mail-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('send one email per paid session, whichever hears of it, however often', async () => {
    const smtp = await startSmtp();
    const world = await startWorld({ inProcess: true });
    const senders = [0, 1].map(() =>
      smtpReceiptSender({ url: smtp.url, from: FROM, merchant: 'Acme Stores' }),
    );
    const kits = senders.map(
      (sender) =>
        kitsOnOneFile(world, join(dir, 'shared.db'), 1, {
          webhookSecret: WEBHOOK_SECRET,
          pollIntervalMs: 0,
          tokenSecret: 'pay-elements receipt email test token secret',
          sendPaidEmail: sender.send,
          logger: { debug() {}, info() {}, warn() {}, error() {} },
        })[0]!,
    );
    try {
      for (let n = 0; n < 5; n++) {
        world.orders.set(`two-${n}`, {
          amount: '5000.00',
          currency: 'NGN',
          customer_id: world.customerId,
          email: ADDRESS,
          locale: 'sw',
          display: { order: { title: 'Kikapu', reference: `#two-${n}` } },
        });
        const created = await kits[0]!.fetch(
          new Request(`${SHOP}/pay/sessions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ order_id: `two-${n}` }),
          }),
        );
        const view = SessionView.parse(await created.json());
        const paid = await world.control('/transfers', {
          account_number: view.account.account_number,
          amount: 5000,
        });
        const transaction = TransferAnswer.parse(paid).data;
        const event = creditedEvent(`evt_two_${n}`, view, transaction);
        const body = JSON.stringify(event);
        const headers = {
          'content-type': 'application/json',
          ...signWebhook({
            secret: WEBHOOK_SECRET,
            id: event.id,
            timestamp: Math.floor(world.sandbox.clock.now() / 1000),
            body,
          }),
        };
        // the webhook to both instances, twice each, and both instances' watchers, at once
        await Promise.all([
          ...kits.flatMap((kit) =>
            [0, 1].map(() =>
              kit.fetch(new Request(`${SHOP}/pay/webhooks`, { method: 'POST', headers, body })),
            ),
          ),
          ...kits.map((kit) => kit.watcher.sweep()),
        ]);
      }
      await Promise.all(kits.map((kit) => kit.watcher.idle()));
      const mails = await smtp.until(5);
      const subjects = mails.map((m) => m.subject).sort();
      assert.deepEqual(
        subjects,
        [0, 1, 2, 3, 4].map((n) => `Malipo yamepokelewa · Acme Stores · #two-${n}`),
      );
    } finally {
      await Promise.all(kits.map((kit) => kit.close()));
      await Promise.all(senders.map((sender) => sender.close()));
      await world.close();
      await smtp.close();
    }
  });
});

describe('PAY_SMTP_URL and PAY_MAIL_FROM', () => {
  const env = { PAY_SERVICE_KEYS: 'sk_test_service_key_0123456789abcdefABCDEF' };
  it('are read together, each refused with what it expects', () => {
    assert.throws(
      () => readServiceConfig({ ...env, PAY_SMTP_URL: 'smtp://mail.example:587' }),
      /PAY_MAIL_FROM must be set with PAY_SMTP_URL/,
    );
    assert.throws(
      () => readServiceConfig({ ...env, PAY_SMTP_URL: 'http://mail.example', PAY_MAIL_FROM: 'a@b.c' }),
      /PAY_SMTP_URL must be an SMTP URL/,
    );
    assert.throws(
      () => readServiceConfig({ ...env, PAY_SMTP_URL: 'smtp://mail.example', PAY_MAIL_FROM: 'receipts' }),
      /PAY_MAIL_FROM must be an address/,
    );
    const config = readServiceConfig({
      ...env,
      PAY_SMTP_URL: 'smtps://u:p%40ss@mail.example:465',
      PAY_MAIL_FROM: FROM,
    });
    assert.equal(config.PAY_MAIL_FROM, FROM);
  });
});
