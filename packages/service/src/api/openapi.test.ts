// The OpenAPI document the service serves describes what it really answers: every operation in it is
// called (its successes and usual failures) and each answer is validated, with a JSON Schema 2020-12
// validator, against the schema the document gives for that status. An operation added to the code
// (and so to the document) without a call here fails the first test; a status it answers that the
// document does not list fails the second.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as z from 'zod';
import { fixtures } from '@pay-elements/sandbox';
import { kitEventTypes } from '@pay-elements/server';
import {
  merchantEndpoint,
  NOTIFY_SECRET,
  startTestService,
  type MerchantEndpoint,
  type Started,
} from '../testing/service.js';

const Document = z.object({
  openapi: z.literal('3.1.0'),
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        operationId: z.string(),
        responses: z.record(
          z.string(),
          z.object({
            content: z.object({
              'application/json': z.object({ schema: z.record(z.string(), z.unknown()) }),
            }),
          }),
        ),
      }),
    ),
  ),
  components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
});

interface Call {
  method: string;
  path: string;
  body?: unknown;
  key?: null;
}

const ada = fixtures.customers.ada.id;
const newOrder = { order_id: 'oa-1', amount: '100.00', currency: 'NGN', customer_id: ada };

describe('GET /api/openapi.json', () => {
  let s: Started;
  let shop: MerchantEndpoint;
  let document: z.infer<typeof Document>;
  let sessionId = '';
  let notificationId = '';
  before(async () => {
    shop = await merchantEndpoint();
    s = await startTestService({ PAY_NOTIFY_URL: shop.url, PAY_NOTIFY_SECRET: NOTIFY_SECRET });
    const answer = await fetch(`${s.base}/api/openapi.json`);
    assert.equal(answer.status, 200, 'served with no key');
    document = Document.parse(await answer.json());
    const created = (await (await s.api('/api/sessions', { body: newOrder })).json()) as {
      id: string;
      account: { account_number: string };
    };
    sessionId = created.id;
    await s.control.transfer({ account_number: created.account.account_number, amount: 100 });
    await s.service.sandbox?.flushWebhooks();
    await shop.until(1);
    notificationId = `session.paid.${sessionId}`;
  });
  after(async () => {
    await s.close();
    await shop.close();
  });

  /** The calls of each operation, by operationId: a success first, then failures. */
  const calls = (): Record<string, Call[]> => ({
    getOpenApi: [{ method: 'GET', path: '/api/openapi.json' }],
    createSession: [
      { method: 'POST', path: '/api/sessions', body: { ...newOrder, order_id: 'oa-2' } },
      { method: 'POST', path: '/api/sessions', body: newOrder },
      { method: 'POST', path: '/api/sessions', body: { ...newOrder, amount: '1.00' } },
      { method: 'POST', path: '/api/sessions', body: { order_id: '' } },
      { method: 'POST', path: '/api/sessions', body: newOrder, key: null },
    ],
    getSession: [
      { method: 'GET', path: `/api/sessions/${sessionId}` },
      { method: 'GET', path: '/api/sessions/ses_none' },
      { method: 'GET', path: `/api/sessions/${sessionId}`, key: null },
    ],
    createInvoiceLink: [
      { method: 'POST', path: '/api/invoice-links', body: { invoice_number: 'INV-000101' } },
      { method: 'POST', path: '/api/invoice-links', body: { invoice_number: 'INV-999999' } },
      { method: 'POST', path: '/api/invoice-links', body: {} },
      { method: 'POST', path: '/api/invoice-links', body: {}, key: null },
    ],
    createFundingLink: [
      { method: 'POST', path: '/api/funding-links', body: { customer_id: ada, id_number: '22212345678' } },
      { method: 'POST', path: '/api/funding-links', body: { customer_id: ada, currencies: ['XOF'] } },
      { method: 'POST', path: '/api/funding-links', body: {}, key: null },
    ],
    listNotifications: [
      { method: 'GET', path: '/api/notifications' },
      { method: 'GET', path: '/api/notifications', key: null },
    ],
    getNotification: [
      { method: 'GET', path: `/api/notifications/${notificationId}` },
      { method: 'GET', path: '/api/notifications/none' },
      { method: 'GET', path: `/api/notifications/${notificationId}`, key: null },
    ],
    resendNotification: [
      { method: 'POST', path: `/api/notifications/${notificationId}/resend` },
      { method: 'POST', path: '/api/notifications/none/resend' },
      { method: 'POST', path: `/api/notifications/${notificationId}/resend`, key: null },
    ],
  });

  it('lists every operation of the API, and each is called here', () => {
    const documented = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    assert.deepEqual(documented.sort(), Object.keys(calls()).sort());
  });

  it("describes every answer: each status called is documented, and the body fits that status's schema", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: document.components });
    const seen: string[] = [];
    for (const [operationId, list] of Object.entries(calls())) {
      for (const call of list) {
        const template = Object.entries(document.paths).find(([path, methods]) => {
          const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);
          return pattern.test(call.path) && methods[call.method.toLowerCase()]?.operationId === operationId;
        });
        assert.ok(template, `${call.method} ${call.path} is ${operationId} in the document`);
        const operation = template[1][call.method.toLowerCase()];
        const answer = await s.api(call.path, {
          method: call.method,
          ...(call.body === undefined ? {} : { body: call.body }),
          ...(call.key === null ? { key: null } : {}),
        });
        const body: unknown = await answer.json();
        const response = operation?.responses[String(answer.status)];
        assert.ok(response, `${operationId} answered ${answer.status}, which the document does not list`);
        const schema = JSON.parse(
          JSON.stringify(response.content['application/json'].schema).replaceAll(
            '"#/components',
            '"doc#/components',
          ),
        ) as object;
        const validate = ajv.compile(schema);
        assert.ok(validate(body), `${operationId} ${answer.status}: ${ajv.errorsText(validate.errors)}`);
        seen.push(`${operationId} ${answer.status}`);
      }
    }
    assert.ok(seen.includes('createSession 201') && seen.includes('createSession 409'), seen.join(', '));
  });

  it('describes each notification a webhook of its kit event type, and the one received fits it', async () => {
    const raw = (await (await fetch(`${s.base}/api/openapi.json`)).json()) as {
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>;
    };
    assert.deepEqual(Object.keys(raw.webhooks), kitEventTypes);
    const received = shop.received[0];
    assert.ok(received, 'the paid session was notified');
    const body: unknown = JSON.parse(String(received.body));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validate = ajv.compile(
      raw.webhooks['session.paid']!.post.requestBody.content['application/json']!.schema,
    );
    assert.ok(validate(body), ajv.errorsText(validate.errors));
    assert.equal(
      validate({ ...(body as object), type: 'invoice.paid' }),
      false,
      'another type is another webhook',
    );
  });
});
