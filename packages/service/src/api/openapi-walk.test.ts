// A whole flow against the real service (its emulator in demo mode), every answer checked against the
// OpenAPI document of what answered it: pay-service's /api/openapi.json for /api, the protocol's
// openapi.json (@pay-elements/protocol) for the kit's /pay. For each answer: its status is declared for
// that operation, each header it carries beyond HTTP's and the security headers is declared, each query
// parameter sent is declared, and a JSON body fits the declared schema (ajv, JSON Schema 2020-12). What
// Prism's proxy would report (`prism proxy --errors`), which is not installed here. And every 405 says
// Allow (RFC 9110), the service's and the kit's alike.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fixtures } from '@pay-elements/sandbox';
import {
  KEY,
  merchantEndpoint,
  NOTIFY_SECRET,
  startTestService,
  type MerchantEndpoint,
  type Started,
} from '../testing/service.js';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: Json }> }
  >;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Json;
}

/** Headers every answer may carry that no API document lists: HTTP's own, caching, security, CORS. */
const TRANSPORT =
  /^(content-type|content-length|content-encoding|date|age|connection|keep-alive|transfer-encoding|cache-control|vary|strict-transport-security|content-security-policy|x-content-type-options|x-frame-options|referrer-policy|permissions-policy|cross-origin-[a-z-]+|origin-agent-cluster|x-dns-prefetch-control|x-permitted-cross-domain-policies|access-control-[a-z-]+)$/;

const protocolDocument = JSON.parse(
  readFileSync(new URL('../../../protocol/openapi.json', import.meta.url), 'utf8'),
) as Document;

interface Request {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  key?: boolean;
}

describe('every answer of a whole flow is in its OpenAPI document', () => {
  let s: Started;
  let shop: MerchantEndpoint;
  let serviceDocument: Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const checked: string[] = [];

  before(async () => {
    shop = await merchantEndpoint();
    s = await startTestService({ PAY_NOTIFY_URL: shop.url, PAY_NOTIFY_SECRET: NOTIFY_SECRET });
    serviceDocument = (await (await fetch(`${s.base}/api/openapi.json`)).json()) as Document;
    ajv.addSchema({ $id: 'service', components: serviceDocument.components });
    ajv.addSchema({ $id: 'protocol', components: protocolDocument.components });
  });
  after(async () => {
    await s.close();
    await shop.close();
  });

  /** Sends the request, checks its answer against the document of its path; the answer and its JSON. */
  async function call(request: Request): Promise<{ status: number; headers: Headers; json: unknown }> {
    const answer = await fetch(`${s.base}${request.path}`, {
      method: request.method,
      headers: {
        ...(request.key === false ? {} : { authorization: `Bearer ${KEY}` }),
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const text = await answer.text();
    const json: unknown = answer.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    const kit = request.path.startsWith('/pay/');
    const [doc, id, prefix] = kit ? [protocolDocument, 'protocol', '/pay'] : [serviceDocument, 'service', ''];
    const url = new URL(request.path, s.base);
    const where = `${request.method} ${request.path} → ${answer.status}`;
    const template = Object.keys(doc.paths).find((path) =>
      new RegExp(`^${prefix}${path.replace(/\{\w+\}/g, '[^/]+')}$`).test(url.pathname),
    );
    const operation = template ? doc.paths[template]?.[request.method.toLowerCase()] : undefined;
    if (answer.status === 405) {
      assert.ok(answer.headers.get('allow'), `${where}: a 405 says Allow`);
      return { status: answer.status, headers: answer.headers, json };
    }
    assert.ok(operation, `${where}: an operation of the ${id} document`);
    for (const name of url.searchParams.keys())
      assert.ok(
        operation.parameters?.some((p) => p.in === 'query' && p.name === name),
        `${where}: query ${name} declared`,
      );
    const response = operation.responses[String(answer.status)];
    assert.ok(response, `${where}: the status is declared for ${operation.operationId}`);
    const declared = Object.keys(response.headers ?? {}).map((h) => h.toLowerCase());
    for (const [name] of answer.headers) {
      if (TRANSPORT.test(name) || (kit && name === 'x-request-id')) continue;
      assert.ok(declared.includes(name), `${where}: header ${name} declared`);
    }
    const schema = response.content?.['application/json']?.schema;
    if (schema) {
      const scoped: unknown = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components', `"${id}#/components`),
      );
      const validate = ajv.compile(scoped as object);
      assert.ok(validate(json), `${where}: ${ajv.errorsText(validate.errors)}`);
    }
    checked.push(where);
    return { status: answer.status, headers: answer.headers, json };
  }

  it('the merchant opens a checkout, the shopper pays it, the merchant reads it and its notifications', async () => {
    const order = {
      order_id: 'walk-1',
      amount: '2500.00',
      currency: 'NGN',
      customer_id: fixtures.customers.ada.id,
    };
    const body = JSON.stringify(order);
    assert.equal((await call({ method: 'GET', path: '/api/openapi.json', key: false })).status, 200);
    const created = await call({ method: 'POST', path: '/api/sessions', body });
    assert.equal(created.status, 201);
    const session = created.json as { id: string; account: { account_number: string } };
    assert.equal((await call({ method: 'POST', path: '/api/sessions', body })).status, 200);
    const other = JSON.stringify({ ...order, amount: '1.00' });
    assert.equal((await call({ method: 'POST', path: '/api/sessions', body: other })).status, 409);
    assert.equal((await call({ method: 'POST', path: '/api/sessions', body: '{}' })).status, 400);
    assert.equal((await call({ method: 'POST', path: '/api/sessions', body: 'nope' })).status, 400);
    assert.equal((await call({ method: 'POST', path: '/api/sessions', body, key: false })).status, 401);
    const plain = { method: 'POST', path: '/api/sessions', body, headers: { 'content-type': 'text/plain' } };
    assert.equal((await call(plain)).status, 415);
    const big = JSON.stringify({ ...order, order: { title: 'x'.repeat(20_000) } });
    assert.equal((await call({ method: 'POST', path: '/api/sessions', body: big })).status, 413);

    // the shopper's side: the kit's widget routes
    const view = await call({ method: 'GET', path: `/pay/sessions/${session.id}`, key: false });
    assert.equal(view.status, 200);
    const etag = view.headers.get('etag') ?? '';
    const unchanged = {
      method: 'GET',
      path: `/pay/sessions/${session.id}`,
      headers: { 'if-none-match': etag },
    };
    assert.equal((await call({ ...unchanged, key: false })).status, 304);
    assert.equal((await call({ method: 'GET', path: '/pay/sessions/ses_none', key: false })).status, 404);
    assert.equal((await call({ method: 'GET', path: '/pay/banks/NG', key: false })).status, 200);
    await s.control.transfer({ account_number: session.account.account_number, amount: 2500 });
    await s.service.sandbox?.flushWebhooks();
    const paid = await call({ method: 'GET', path: `/api/sessions/${session.id}` });
    const receipt = new URL((paid.json as { receipt_url: string }).receipt_url).pathname.split('/').at(-1);
    assert.equal((await call({ method: 'GET', path: `/pay/receipts/${receipt}`, key: false })).status, 200);
    assert.equal((await call({ method: 'GET', path: '/api/sessions/ses_none' })).status, 404);

    // links and the delivery log
    const invoiceBody = JSON.stringify({ invoice_number: 'INV-000101' });
    const invoice = await call({ method: 'POST', path: '/api/invoice-links', body: invoiceBody });
    const { token } = invoice.json as { token: string };
    assert.equal((await call({ method: 'GET', path: `/pay/invoices/${token}`, key: false })).status, 200);
    assert.equal((await call({ method: 'GET', path: '/pay/invoices/not-a-token', key: false })).status, 404);
    const fundingBody = JSON.stringify({ customer_id: fixtures.customers.ada.id, id_number: '22212345678' });
    const funding = await call({ method: 'POST', path: '/api/funding-links', body: fundingBody });
    const customer = (funding.json as { token: string }).token;
    assert.equal((await call({ method: 'GET', path: `/pay/funding/${customer}`, key: false })).status, 200);
    await shop.until(1);
    assert.equal((await call({ method: 'GET', path: '/api/notifications?limit=1' })).status, 200);
    const id = `session.paid.${session.id}`;
    assert.equal((await call({ method: 'GET', path: `/api/notifications/${id}` })).status, 200);
    assert.equal((await call({ method: 'POST', path: `/api/notifications/${id}/resend` })).status, 202);
    assert.ok(checked.length >= 24, checked.join('\n'));
  });

  it('declares the answers of a provider that cannot answer or asks to wait: 503 and 429 with Retry-After', async () => {
    await s.control.injectFault({ path_prefix: '/v1/invoices', status: 429 });
    const limited = await call({
      method: 'POST',
      path: '/api/invoice-links',
      body: JSON.stringify({ invoice_number: 'INV-000103' }),
    });
    assert.ok(limited.status === 429 || limited.status === 503, String(limited.status));
    await s.control.clearFaults();
    await s.control.injectFault({ path_prefix: '/v1/banks', status: 503 });
    const banks = await call({ method: 'GET', path: '/pay/banks/GH', key: false });
    assert.equal(banks.status, 503);
    await s.control.clearFaults();
  });

  it("says Allow on every 405, the merchant API's and the kit's", async () => {
    for (const [method, path] of [
      ['PUT', '/api/sessions'],
      ['DELETE', '/api/notifications/x'],
      ['PATCH', '/pay/sessions/ses_x'],
      ['DELETE', '/pay/sessions'],
      ['POST', '/healthz'],
    ] as const) {
      const answer = await fetch(`${s.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${KEY}` },
      });
      await answer.body?.cancel();
      assert.equal(answer.status, 405, `${method} ${path}`);
      assert.match(answer.headers.get('allow') ?? '', /^[A-Z]+(, [A-Z]+)*$/, `${method} ${path} says Allow`);
    }
    const put = await fetch(`${s.base}/api/sessions`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${KEY}` },
    });
    assert.equal(put.headers.get('allow'), 'POST');
    assert.deepEqual(await put.json(), {
      error: { code: 'method_not_allowed', message: 'Use POST on this route.' },
    });
  });
});
