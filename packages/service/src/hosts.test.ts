// The service on an IPv6 HOST: every URL it builds from HOST (its default PUBLIC_URL, the kit's own
// origin its hosted pages ask, the emulator's webhook URL) has the address in brackets, so that it
// starts and its hosted pages and links answer.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { fixtures } from '@pay-elements/sandbox';
import { startTestService } from './testing/service.js';

describe('an IPv6 HOST', () => {
  const hosts: Record<string, string>[] = [{ HOST: '::1' }, { HOST: '::', PAY_DEMO_PUBLIC: '1' }];
  for (const env of hosts) {
    it(`starts on HOST=${env.HOST}, its links bracketed, its hosted checkout and invoice answering 200`, async () => {
      const s = await startTestService(env);
      try {
        const { port } = s.service.server.address() as AddressInfo;
        const origin = `http://[${env.HOST}]:${port}`;
        assert.equal(s.service.url, origin);
        const link = await s.api('/api/invoice-links', { body: { invoice_number: 'INV-000101' } });
        assert.equal(link.status, 200);
        const { url } = (await link.json()) as { url: string };
        assert.match(url, new RegExp(`^${origin.replace(/[[\]]/g, '\\$&')}/invoices/[\\w-]+$`));
        const invoice = await fetch(`${s.base}${new URL(url).pathname}`);
        assert.equal(invoice.status, 200);
        assert.ok((await invoice.text()).includes('INV-000101'));
        const created = await s.api('/api/sessions', {
          body: {
            order_id: 'o-v6',
            amount: '5000.00',
            currency: 'NGN',
            customer_id: fixtures.customers.ada.id,
          },
        });
        assert.equal(created.status, 201);
        const session = (await created.json()) as { id: string; url: string };
        assert.equal(session.url, `${origin}/checkout/${session.id}`);
        const checkout = await fetch(`${s.base}/checkout/${session.id}`);
        assert.equal(checkout.status, 200);
        assert.ok((await checkout.text()).includes('5,000.00'));
      } finally {
        await s.close();
      }
    });
  }
});
