// A new service's first look at the provider records the payments made before it was installed
// without telling the merchant of them: `invoice.paid` and `deposit.received` are sent for payments
// made since its first start (stored, so that a restart keeps it), never for the business's past.
// Against the emulator as a separate provider, with past payments in it before the service starts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createClock,
  DEFAULT_API_KEY,
  fixtures,
  SandboxControl,
  startSandbox,
  type Sandbox,
} from '@pay-elements/sandbox';
import { startService, type Service } from '../app.js';
import { readServiceConfig } from '../config.js';
import { KEY, merchantEndpoint, NOTIFY_SECRET, type MerchantEndpoint } from '../testing/service.js';

const WEBHOOK_SECRET = `whsec_${Buffer.from('the provider signs its webhooks with this').toString('base64')}`;
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** A loopback port free now, for the service the emulator's webhooks go to. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the first start: past payments are recorded, not notified', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pay-service-since-'));
  let emulator: Sandbox;
  let control: SandboxControl;
  let shop: MerchantEndpoint;
  let service: Service | undefined;
  let port = 0;

  const start = async () =>
    startService(
      readServiceConfig({
        PORT: String(port),
        PAY_DB: join(dir, 'pay.sqlite'),
        PAY_SERVICE_KEYS: KEY,
        PAY_API_KEY: DEFAULT_API_KEY,
        PAY_BASE_URL: emulator.url,
        PAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PAY_TOKEN_SECRET: 'a token secret of the shop, 32 characters or more',
        PAY_NOTIFY_URL: shop.url,
        PAY_NOTIFY_SECRET: NOTIFY_SECRET,
        PAY_POLL_INTERVAL_MS: '100',
        PAY_SWEEP_INTERVAL_MS: '100',
      }),
      { logger: silent },
    );
  const api = (s: Service, path: string, body?: unknown) =>
    fetch(`${s.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  /** Opens an invoice's page (the kit reads the invoice, and records it paid when it is). */
  const openInvoice = async (s: Service, number: string) => {
    const link = (await (await api(s, '/api/invoice-links', { invoice_number: number })).json()) as {
      url: string;
    };
    return (await fetch(link.url)).text();
  };
  /** Ada's own NGN account, opened by the kit on her first visit. */
  const adaAccount = async (s: Service) => {
    const link = (await (
      await api(s, '/api/funding-links', { customer_id: fixtures.customers.ada.id, id_number: '22212345678' })
    ).json()) as { token: string };
    const view = (await (await fetch(`${s.url}/pay/funding/${link.token}`)).json()) as {
      accounts: Array<{ currency: string; account_number: string }>;
    };
    const ngn = view.accounts.find((a) => a.currency === 'NGN')?.account_number;
    assert.ok(ngn, 'an NGN account');
    return ngn;
  };
  /** The provider's webhooks held back, delivered now, and what the kit made of them done. */
  const webhooksIn = async (s: Service) => {
    await control.resumeWebhooks();
    await emulator.flushWebhooks();
    await s.kit.pay.watcher.idle();
  };
  const notified = async (s: Service) => {
    await s.kit.pay.watcher.idle();
    await s.notifier?.idle(); // its first attempt drops what was paid before the first start
    const log = (await (await api(s, '/api/notifications')).json()) as {
      notifications: Array<{ type: string; data: Record<string, string | null> }>;
    };
    return log.notifications
      .map((n) => `${n.type} ${n.data['invoice_number'] ?? n.data['amount'] ?? ''}`)
      .sort();
  };

  before(async () => {
    port = await freePort();
    // the provider's clock a minute behind until the service has started, then a minute ahead:
    // its second-precision times fall clearly before or after the first start
    emulator = await startSandbox({
      clock: createClock({ start: Date.now() - 60_000 }),
      webhookUrl: `http://127.0.0.1:${port}/pay/webhooks`,
      webhookSecret: WEBHOOK_SECRET,
    });
    control = new SandboxControl(emulator.url, DEFAULT_API_KEY);
    shop = await merchantEndpoint();
    // the business's past: an invoice paid (INV-000102 was, in the seed), its webhook owed (a
    // provider retries it until this endpoint answers, or the shop points the provider here only now)
    await control.pauseWebhooks();
    await control.payInvoice('INV-000101');
  });
  after(async () => {
    await service?.close();
    await shop.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tells none of the payments made before the first start, and each made after it', async () => {
    service = await start();
    await webhooksIn(service);
    assert.match(await openInvoice(service, 'INV-000101'), /This invoice is paid/);
    assert.match(await openInvoice(service, 'INV-000102'), /This invoice is paid/);
    assert.deepEqual(await notified(service), [], 'the past is recorded, not notified');
    emulator.clock.advance(120_000);

    await control.payInvoice('INV-000103');
    await openInvoice(service, 'INV-000103');
    await control.transfer({ account_number: await adaAccount(service), amount: 2500 });
    await webhooksIn(service);
    assert.deepEqual(await notified(service), ['deposit.received 2500.00', 'invoice.paid INV-000103']);
    await shop.until(2);
  });

  it('keeps its first start across a restart: a payment made while it was down is told', async () => {
    const account = await adaAccount(service as Service);
    await service?.close();
    await control.pauseWebhooks();
    await control.transfer({ account_number: account, amount: 777 });
    service = await start();
    await webhooksIn(service);
    assert.deepEqual(await notified(service), [
      'deposit.received 2500.00',
      'deposit.received 777.00',
      'invoice.paid INV-000103',
    ]);
  });
});
