// The contract's helpers as the flows use them on a real store: a key made of parts lists exactly
// its owner's records by prefix, whatever the parts hold; a value stored as JSON comes back the same,
// undefined fields left out; what JSON cannot hold is refused before anything is written.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoreContractError } from '../errors.js';
import { isJsonObject, recordKey, textOf, textOrNull, toJson } from './contract.js';
import { SqliteStore } from './sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'pay-contract-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const open = () => {
  const store = new SqliteStore(join(dir, `contract-${++files}.db`));
  after(() => store.close());
  return store;
};

describe('recordKey', () => {
  it("lists by a customer's prefix that customer's records only, whatever their ids hold", async () => {
    const store = open();
    const customers = ['cus_1', 'cus_1/NGN', 'cus_1%2F', 'cus 1'];
    for (const customer of customers)
      assert.ok(
        await store.records.commit({
          writes: [{ collection: 'funding', key: recordKey(customer, 'NGN'), value: customer, expect: 0 }],
        }),
      );
    for (const customer of customers) {
      const listed = await store.records.list('funding', { prefix: `${recordKey(customer)}/` });
      assert.deepEqual(
        listed.map((r) => r.value),
        [customer],
        customer,
      );
    }
    assert.equal(recordKey('INV', 7), 'INV/7');
  });
});

describe('toJson', () => {
  it('stores a plain value as it is, undefined fields left out, and reads it back the same', async () => {
    const store = open();
    const value = toJson({
      amount: '5000.00',
      paid_at: null,
      note: undefined,
      lines: [{ qty: 2 }],
      ok: true,
    });
    assert.ok(
      await store.records.commit({ writes: [{ collection: 'sessions', key: 'ses_1', value, expect: 0 }] }),
    );
    assert.deepEqual((await store.records.get('sessions', 'ses_1'))?.value, {
      amount: '5000.00',
      paid_at: null,
      lines: [{ qty: 2 }],
      ok: true,
    });
  });

  it('refuses what JSON cannot hold, naming it', () => {
    for (const [value, says] of [
      [Number.NaN, /finite/],
      [{ amount: Number.POSITIVE_INFINITY }, /finite/],
      [10n, /a bigint cannot be stored/],
      [{ at: () => 0 }, /a function cannot be stored/],
      [[Symbol('x')], /a symbol cannot be stored/],
    ] as const)
      assert.throws(
        () => toJson(value),
        (error: unknown) => error instanceof StoreContractError && says.test(error.message),
      );
  });
});

describe("reading a record's fields", () => {
  it('reads text as text, anything else as empty or null, and objects as objects', () => {
    assert.equal(textOf('ses_1'), 'ses_1');
    assert.equal(textOf(7), '');
    assert.equal(textOrNull('ses_1'), 'ses_1');
    assert.equal(textOrNull(undefined), null);
    assert.equal(isJsonObject({ a: 1 }), true);
    assert.equal(isJsonObject([1]), false);
    assert.equal(isJsonObject(null), false);
  });
});
