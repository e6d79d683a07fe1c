// The OpenAPI 3.1 description the emulator serves describes what it really answers: every documented
// operation is called (successes and the usual failures) and each answer is validated against the
// response schema of its status with a JSON Schema 2020-12 validator. An operation added to the
// document without a call here fails the first test.
import assert from 'node:assert/strict';
import { before, after, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as z from 'zod';
import { fixtures } from '@pay-elements/sandbox';
import { RESTRICTED, boot, type Answer, type Harness } from './helpers.js';

const Document = z.object({
  openapi: z.string(),
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        operationId: z.string(),
        requestBody: z.unknown().optional(),
        responses: z.record(
          z.string(),
          z.object({
            content: z
              .object({ 'application/json': z.object({ schema: z.record(z.string(), z.unknown()) }) })
              .optional(),
          }),
        ),
      }),
    ),
  ),
  components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
});
type Document = z.infer<typeof Document>;

interface Call {
  path: string;
  body?: unknown;
}

const card = fixtures.cards.emilyUsd.id;
/** One successful call per operation, by operationId. */
const calls: Record<string, Call> = {
  listBanks: { path: '/v1/banks/NG' },
  suggestBanks: {
    path: '/v1/banks/suggest',
    body: { account_number: fixtures.knownRecipient.account_number },
  },
  sendPayment: {
    path: '/v1/payments/send',
    body: {
      from_amount: 10,
      from_wallet_id: fixtures.wallets.NGN.id,
      to_currency: 'NGN',
      payment_method: 'bank_transfer',
      info: { account_number: '0123456789', bank_code: '058', account_name: 'Ngozi Bello' },
      reference: 'openapi-1',
    },
  },
  createInvoice: {
    path: '/v1/invoices',
    body: {
      email: 'buyer@example.com',
      items: [{ name: 'Thing', unit_price: 5, quantity: 2, currency: 'NGN', total: 10 }],
      charges: { tax: { amount: '7.5', type: 'percentage', enabled: true } },
      payment_schedule: { type: 'one_time', due_date: '2025-02-01T00:00:00Z' },
    },
  },
  listInvoices: { path: '/v1/invoices?size=2' },
  viewInvoice: { path: `/v1/invoices/view/${fixtures.invoices.websiteRedesign.number}` },
  createVirtualAccount: {
    path: '/v1/virtual-accounts/create',
    body: { customer_id: fixtures.customers.emily.id, currency: 'USD' },
  },
  createDynamicAccount: {
    path: '/v1/virtual-accounts/dynamic',
    body: { customer_id: fixtures.customers.ada.id, amount: 5000, lifespan_minutes: 30 },
  },
  listVirtualAccounts: { path: '/v1/virtual-accounts' },
  listCustomers: { path: '/v1/customers?size=3&sort=created_at,asc' },
  retrieveCustomer: { path: `/v1/customers/${fixtures.customers.ada.id}` },
  listWallets: { path: '/v1/wallets' },
  listTransactions: { path: '/v1/transactions' },
  listLinks: { path: '/v1/links' },
  withdrawCard: { path: `/v1/cards/${card}/withdraw`, body: { currency: 'USD', amount: 5 } },
  revealCard: { path: `/v1/cards/${card}/reveal` },
  freezeCard: { path: `/v1/cards/${card}/freeze` },
  unfreezeCard: { path: `/v1/cards/${card}/unfreeze` },
  listCardEvents: { path: `/v1/cards/${card}/events` },
};

describe('OpenAPI description', () => {
  let h: Harness;
  let doc: Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  before(async () => {
    h = await boot();
    const answer = await h.call('/_sandbox/openapi.json', { key: null });
    assert.equal(answer.status, 200, 'served without a key');
    doc = Document.parse(answer.json);
  });
  after(() => h.sandbox.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), ...op })),
    );

  /** Validates an answer against the schema the document gives for its status. */
  function conforms(operationId: string, answer: Answer): void {
    const op = operations().find((o) => o.operationId === operationId);
    assert.ok(op, operationId);
    const schema = op.responses[String(answer.status)]?.content?.['application/json'].schema;
    assert.ok(schema, `${operationId} documents status ${answer.status}`);
    const validate = ajv.compile({ ...schema, components: doc.components });
    const valid = validate(answer.json);
    assert.ok(
      valid,
      `${operationId} ${answer.status}: ${ajv.errorsText(validate.errors)}\n${answer.text.slice(0, 400)}`,
    );
  }

  it('is OpenAPI 3.1 and documents exactly the operations called here', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(
      operations()
        .map((o) => o.operationId)
        .sort(),
      Object.keys(calls).sort(),
    );
    assert.ok(ajv.validateSchema({ type: 'object', components: doc.components }));
  });

  it('describes the success answer of every operation', async () => {
    for (const op of operations()) {
      const call = calls[op.operationId];
      assert.ok(call);
      assert.equal(call.path.split('?')[0]?.split('/').length, op.path.split('/').length, op.operationId);
      assert.equal(Boolean(call.body), Boolean(op.requestBody), `${op.operationId} takes a body`);
      const answer = await h.call(call.path, {
        method: op.method,
        ...(call.body ? { body: call.body } : {}),
      });
      assert.equal(answer.status, 200, `${op.operationId}: ${answer.text}`);
      conforms(op.operationId, answer);
    }
  });

  it('describes the failures: validation body, unknown key, restricted key, not found, rate limit', async () => {
    conforms(
      'createDynamicAccount',
      await h.call('/v1/virtual-accounts/dynamic', { method: 'POST', body: {} }),
    );
    conforms('listBanks', await h.call('/v1/banks/XX'));
    conforms('listWallets', await h.call('/v1/wallets', { key: 'sk_nobody' }));
    conforms('listWallets', await h.call('/v1/wallets', { key: RESTRICTED }));
    conforms('retrieveCustomer', await h.call('/v1/customers/cus_nobody'));
    conforms(
      'withdrawCard',
      await h.call(`/v1/cards/${card}/withdraw`, { method: 'POST', body: { currency: 'USD', amount: 1e9 } }),
    );
    let limited: Answer | undefined;
    for (let i = 0; i < 20 && limited?.status !== 429; i++)
      limited = await h.call(`/v1/cards/${fixtures.cards.adaUsd.id}/reveal`);
    assert.equal(limited?.status, 429);
    conforms('revealCard', limited);
  });

  it('would catch an answer that is not what it says', () => {
    const op = operations().find((o) => o.operationId === 'retrieveCustomer');
    const schema = op?.responses['200']?.content?.['application/json'].schema;
    const validate = ajv.compile({ ...schema, components: doc.components });
    const customer = { status: true, data: { id: 'cus_x' }, error: [], message: 'operation was successful' };
    assert.equal(validate(customer), false, 'a customer without its fields');
  });
});
