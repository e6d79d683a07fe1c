// The kit mounted in a merchant's framework, driven over HTTP: the framework serves first (the kit
// behind it is created once the emulator, which delivers its webhooks there, is up), then one
// scenario runs through the mount: create, poll with ETag/304, renew after expiry, webhook in.
import type { Server } from 'node:http';
import type { Hono } from 'hono';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SessionView } from '@pay-elements/protocol';
import type { SandboxControl, Sandbox } from '@pay-elements/sandbox';
import type { PayHandler } from '@pay-elements/server';
import { START, startEmulatorAndKit } from '@pay-elements/testing/emulator-and-kit';
import { webhookSecretFor } from './webhook-secret.js';

const WEBHOOK_SECRET = webhookSecretFor('frameworks');

/** What a framework mount is given: the kit as a Fetch-standard handler, and as a Hono app. */
export interface Pay {
  fetch(request: Request): Promise<Response>;
  /** the kit's Hono app, once the kit is created (after `serve` has returned) */
  readonly app: Hono;
}

/** A framework app listening on loopback with the kit under `/pay`. */
export interface Served {
  url: string;
  close(): Promise<void>;
}

export type Serve = (pay: Pay) => Promise<Served>;

/** Listens on a free loopback port; `close` drops open connections too. */
export async function listenOnLoopback(server: Server): Promise<Served> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface MountedKit {
  url: string;
  sandbox: Sandbox;
  paid: string[];
  control: SandboxControl;
  close(): Promise<void>;
}

async function startMountedKit(serve: Serve): Promise<MountedKit> {
  let kit: PayHandler | null = null;
  const served = await serve({
    fetch: (request) => (kit ? kit.fetch(request) : Promise.resolve(new Response(null, { status: 503 }))),
    get app() {
      if (!kit) throw new Error('the kit is created after the framework listens');
      return kit.app;
    },
  });
  const paid: string[] = [];
  const quiet = () => undefined;
  const started = await startEmulatorAndKit({
    webhooks: { url: `${served.url}/pay/webhooks` },
    webhookSecret: WEBHOOK_SECRET,
    kit: ({ customerId }) => ({
      resolveOrder: (id) =>
        id === 'order-1' ? { amount: '5000.00', currency: 'NGN', customer_id: customerId } : null,
      onPaid: (session) => {
        paid.push(session.id);
      },
      logger: { debug: quiet, info: quiet, warn: quiet, error: quiet },
    }),
  });
  kit = started.kit;
  const { sandbox, control } = started;
  return {
    url: served.url,
    sandbox,
    paid,
    control,
    async close() {
      await served.close();
      await started.close();
    },
  };
}

async function view(response: Response): Promise<SessionView> {
  return SessionView.parse(await response.json());
}

/** The scenario, run against the kit mounted by `serve`. */
export function describeMountedKit(framework: string, serve: Serve): void {
  describe(`the kit mounted in ${framework}`, () => {
    let mounted: MountedKit;
    let session: SessionView;
    before(async () => {
      mounted = await startMountedKit(serve);
    });
    after(() => mounted.close());

    it('creates a session from the order id alone', async () => {
      const response = await fetch(`${mounted.url}/pay/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'order-1' }),
      });
      assert.equal(response.status, 201);
      session = await view(response);
      assert.equal(session.status, 'pending');
      assert.equal(session.amount, '5000.00');
      assert.match(session.account.account_number, /^\d{10}$/);
    });

    it('answers a poll with an ETag, then 304 to the same ETag', async () => {
      const first = await fetch(`${mounted.url}/pay/sessions/${session.id}`);
      assert.equal(first.status, 200);
      assert.equal((await view(first)).status, 'pending');
      const etag = first.headers.get('etag');
      assert.ok(etag);
      const again = await fetch(`${mounted.url}/pay/sessions/${session.id}`, {
        headers: { 'if-none-match': etag },
      });
      assert.equal(again.status, 304);
      assert.equal(await again.text(), '');
    });

    it('renews the session once the emulator’s clock has passed its expiry', async () => {
      const minutes = Math.ceil((Date.parse(session.expires_at) - START) / 60_000) + 1;
      await mounted.control.advanceClock(minutes);
      const expired = await view(await fetch(`${mounted.url}/pay/sessions/${session.id}`));
      assert.equal(expired.status, 'expired');
      const renewed = await fetch(`${mounted.url}/pay/sessions/${session.id}/renew`, { method: 'POST' });
      assert.equal(renewed.status, 200);
      const fresh = await view(renewed);
      assert.equal(fresh.id, session.id);
      assert.equal(fresh.status, 'pending');
      assert.notEqual(fresh.account.account_number, session.account.account_number);
      session = fresh;
    });

    it('takes the emulator’s webhook through the mount: paid, onPaid once', async () => {
      const transfer = await mounted.control.transfer({
        account_number: session.account.account_number,
        amount: 5000,
      });
      assert.equal(transfer.amount, '5000.00');
      await mounted.sandbox.flushWebhooks();
      assert.deepEqual(mounted.paid, [session.id]);
      const polled = await view(await fetch(`${mounted.url}/pay/sessions/${session.id}`));
      assert.equal(polled.status, 'paid');
      assert.deepEqual(mounted.paid, [session.id]);
    });
  });
}
