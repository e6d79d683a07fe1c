// GET /pay/banks/{country} and POST /pay/banks/suggest against the real emulator over loopback.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConnectionError, InternalServerError, ValidationError } from '@pay-elements/api';
import { fixtures } from '@pay-elements/sandbox';
import { BankList, BankSuggestions, ErrorBody } from '@pay-elements/protocol';
import { jsonPost, startWorld, type World } from '@pay-elements/testing/kit-world';
import { countryCode, isProviderOutage, sortBanks } from './index.js';

const DAY = 24 * 60 * 60 * 1000;

async function errorOf(response: Response): Promise<ErrorBody['error']> {
  return ErrorBody.parse(await response.json()).error;
}

async function banksOf(response: Response): Promise<string[]> {
  assert.equal(response.status, 200);
  return BankList.parse(await response.json()).banks.map((b) => `${b.code} ${b.name}`);
}

const NIGERIA = [
  '044 Access Bank',
  '070 Fidelity Bank',
  '011 First Bank of Nigeria',
  '058 Guaranty Trust Bank',
  '50211 Kuda Microfinance Bank',
  '101 Providus Bank',
  '232 Sterling Bank',
  '033 United Bank for Africa',
  '035 Wema Bank',
  '057 Zenith Bank',
];

describe('bank lists against the emulator', () => {
  let world: World;
  const bankCalls = (country: string) => world.calls.filter((c) => c === `GET /v1/banks/${country}`).length;

  before(async () => {
    world = await startWorld();
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), []);
  });

  it('answers the banks of a country sorted by name, publicly cacheable for what is left of the day', async () => {
    const response = await world.request('/pay/banks/NG');
    assert.equal(response.headers.get('cache-control'), 'public, max-age=86400');
    assert.equal(response.headers.get('pay-cache'), 'miss');
    assert.deepEqual(await banksOf(response), NIGERIA);
    world.advance(3_600_000);
    const later = await world.request('/pay/banks/ng');
    assert.equal(later.headers.get('pay-cache'), 'hit', 'lower case is the same country');
    assert.equal(later.headers.get('cache-control'), 'public, max-age=82800');
    assert.equal(later.headers.get('age'), '3600');
    assert.deepEqual(await banksOf(later), NIGERIA);
    assert.equal(bankCalls('NG'), 1);
  });

  it('makes exactly one provider call for 20 requests arriving together, none within the day, one after', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => world.request('/pay/banks/GH')));
    const lists = await Promise.all(answers.map(banksOf));
    assert.equal(bankCalls('GH'), 1);
    assert.ok(lists.every((l) => l.length === 6 && l[0] === '030100 Absa Bank Ghana'));
    world.advance(DAY - 1);
    assert.equal((await world.request('/pay/banks/GH')).headers.get('pay-cache'), 'hit');
    assert.equal(bankCalls('GH'), 1, 'still within the day');
    world.advance(1);
    const next = await world.request('/pay/banks/GH');
    assert.equal(next.headers.get('pay-cache'), 'miss');
    assert.equal(bankCalls('GH'), 2, 'a day after: asked again');
  });

  it('answers 404 for a country the provider does not serve, and remembers it for five minutes', async () => {
    const response = await world.request('/pay/banks/FR');
    assert.equal(response.status, 404);
    assert.deepEqual(await errorOf(response), {
      code: 'not_found',
      message: 'The payment provider lists no banks for country FR.',
    });
    assert.equal((await world.request('/pay/banks/fr')).status, 404);
    assert.equal(bankCalls('FR'), 1);
    world.advance(5 * 60_000 - 1);
    assert.equal((await world.request('/pay/banks/FR')).status, 404);
    assert.equal(bankCalls('FR'), 1, 'still remembered');
    world.advance(1);
    assert.equal((await world.request('/pay/banks/FR')).status, 404);
    assert.equal(bankCalls('FR'), 2, 'asked again after five minutes');
  });

  it('never remembers a 400 that is not a definite unknown country: the next request asks again', async () => {
    await world.control('/faults', { path_prefix: '/v1/banks/US', status: 400, times: 1 });
    const failed = await world.request('/pay/banks/US');
    assert.equal(failed.status, 503);
    assert.equal((await errorOf(failed)).code, 'upstream_unavailable');
    const recovered = await world.request('/pay/banks/US');
    assert.equal(recovered.status, 200, 'the outage was not cached as "unknown country"');
    assert.equal(recovered.headers.get('pay-cache'), 'miss');
    assert.equal(bankCalls('US'), 2);
  });

  it('answers 400 for a malformed or unassigned country code without asking the provider', async () => {
    const before = world.calls.length;
    for (const code of ['N1', 'NGA', 'N', 'XX', 'ZZ', '%C3%A9%C3%A9']) {
      const response = await world.request(`/pay/banks/${code}`);
      assert.equal(response.status, 400, code);
      assert.deepEqual(await errorOf(response), {
        code: 'invalid_request',
        message: 'The country must be an ISO 3166-1 alpha-2 code such as "NG".',
        fields: { country: ['must be an ISO 3166-1 alpha-2 code such as "NG"'] },
      });
    }
    assert.equal(world.calls.length, before);
  });

  it('answers 503 when the provider is down and no list is held', async () => {
    await world.control('/faults', { path_prefix: '/v1/banks/KE', status: 503, times: 1 });
    const response = await world.request('/pay/banks/KE');
    assert.equal(response.status, 503);
    assert.equal((await errorOf(response)).code, 'upstream_unavailable');
    const recovered = await world.request('/pay/banks/KE');
    assert.equal(recovered.headers.get('pay-cache'), 'miss');
    assert.equal((await banksOf(recovered)).length, 6);
  });

  it('serves the stale list when the provider is down, says so, and asks again 30 s later', async () => {
    await world.request('/pay/banks/ZA');
    world.advance(DAY);
    const calls = bankCalls('ZA');
    await world.control('/faults', { path_prefix: '/v1/banks/ZA', status: 503, times: 1 });
    const stale = await world.request('/pay/banks/ZA');
    assert.equal(stale.headers.get('pay-cache'), 'stale');
    assert.equal(stale.headers.get('cache-control'), 'no-store');
    assert.equal(stale.headers.get('age'), '86400');
    assert.equal((await banksOf(stale))[0], '632005 Absa Bank');
    assert.ok(world.logs.some((l) => l.startsWith('warn bank list refresh failed') && l.includes('"ZA"')));
    assert.equal(bankCalls('ZA'), calls + 1);
    world.advance(29_000);
    assert.equal((await world.request('/pay/banks/ZA')).headers.get('pay-cache'), 'stale');
    assert.equal(bankCalls('ZA'), calls + 1, 'a down provider is not asked on every request');
    world.advance(1000);
    const fresh = await world.request('/pay/banks/ZA');
    assert.equal(fresh.headers.get('pay-cache'), 'miss');
    assert.equal(bankCalls('ZA'), calls + 2);
  });
});

describe('bank list cache option', () => {
  it('keeps a list only as long as bankCacheMs says', async () => {
    const world = await startWorld({ kit: { bankCacheMs: 60_000 } });
    try {
      const calls = () => world.calls.filter((c) => c === 'GET /v1/banks/US').length;
      const first = await world.request('/pay/banks/US');
      assert.equal(first.headers.get('cache-control'), 'public, max-age=60');
      world.advance(59_999);
      await world.request('/pay/banks/US');
      assert.equal(calls(), 1);
      world.advance(1);
      await world.request('/pay/banks/US');
      assert.equal(calls(), 2);
    } finally {
      await world.close();
    }
  });
});

describe('bank suggestions against the emulator', () => {
  let world: World;
  const account = '2233445566';

  before(async () => {
    world = await startWorld({
      kit: {
        bankSuggestions: { enabled: true, perMinute: 3 },
        clientKey: (request) => request.headers.get('x-test-client') ?? '',
      },
    });
    // the emulator learns the bank of an account number from a bank transfer paid to it
    await world.client.payments.send({
      from_amount: 1000,
      from_wallet_id: fixtures.wallets.NGN.id,
      to_currency: 'NGN',
      payment_method: 'bank_transfer',
      info: { account_number: account, bank_code: '057', account_name: 'Bola Ade' },
    });
  });
  after(async () => {
    await world.close();
    assert.deepEqual(world.leaks(), []);
  });

  function suggest(body: unknown, client = 'a'): Promise<Response> {
    const init = jsonPost(body);
    return world.request('/pay/banks/suggest', {
      ...init,
      headers: { ...init.headers, 'x-test-client': client },
    });
  }

  it('answers the banks the provider learnt the account number was paid through', async () => {
    const response = await suggest({ account_number: account }, 'learn');
    assert.equal(response.status, 200);
    assert.deepEqual(BankSuggestions.parse(await response.json()), {
      suggestions: [{ bank_code: '057', bank_name: 'Zenith Bank' }],
    });
    const known = await suggest({ account_number: fixtures.knownRecipient.account_number }, 'learn');
    const codes = BankSuggestions.parse(await known.json()).suggestions.map((s) => s.bank_code);
    assert.deepEqual([...codes].sort(), ['044', '058']);
    const unknown = await suggest({ account_number: '9999999999' }, 'learn');
    assert.deepEqual(await unknown.json(), { suggestions: [] });
  });

  it('refuses a bad body with 400 and the field at fault', async () => {
    for (const body of [
      {},
      { account_number: 'abc' },
      { account_number: 1234567890 },
      { account_number: '12' },
    ]) {
      const response = await suggest(body, 'bad');
      assert.equal(response.status, 400, JSON.stringify(body));
      const error = await errorOf(response);
      assert.equal(error.code, 'invalid_request');
      assert.ok(error.fields?.['account_number'], JSON.stringify(error));
    }
    const notJson = await world.request('/pay/banks/suggest', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"account_number":',
    });
    assert.equal(notJson.status, 400);
  });

  it('limits each client to perMinute suggestions, with Retry-After, and lets it back after the wait', async () => {
    for (let i = 0; i < 3; i++)
      assert.equal((await suggest({ account_number: account }, 'busy')).status, 200);
    const refused = await suggest({ account_number: account }, 'busy');
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('retry-after'), '20', 'one token every 20 s at 3 a minute');
    assert.equal((await errorOf(refused)).code, 'rate_limited');
    const other = await suggest({ account_number: account }, 'other');
    assert.equal(other.status, 200, 'another client has its own bucket');
    world.advance(19_000);
    const early = await suggest({ account_number: account }, 'busy');
    assert.equal(early.status, 429);
    assert.equal(early.headers.get('retry-after'), '1');
    world.advance(1000);
    assert.equal((await suggest({ account_number: account }, 'busy')).status, 200);
    assert.equal((await suggest({ account_number: account }, 'busy')).status, 429);
  });
});

describe('bank suggestions switched off and through the node adapter', () => {
  it('answers 404 not_found while the merchant has not enabled them, without asking the provider', async () => {
    const world = await startWorld();
    try {
      const response = await world.request('/pay/banks/suggest', jsonPost({ account_number: '0123456789' }));
      assert.equal(response.status, 404);
      assert.deepEqual(await errorOf(response), { code: 'not_found', message: 'No such route.' });
      assert.ok(!world.calls.includes('POST /v1/banks/suggest'));
    } finally {
      await world.close();
    }
  });

  it('keys the rate limit on the socket address the node adapter recorded', async () => {
    const world = await startWorld({
      webhooks: true,
      kit: { bankSuggestions: { enabled: true, perMinute: 2 } },
    });
    try {
      const post = () =>
        fetch(`${world.kitUrl}/pay/banks/suggest`, jsonPost({ account_number: '0123456789' }));
      assert.equal((await post()).status, 200);
      assert.equal((await post()).status, 200);
      const refused = await post();
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('retry-after'), '30');
      // without the adapter the address is unknown: those requests share one bucket of their own
      const direct = await world.request('/pay/banks/suggest', jsonPost({ account_number: '0123456789' }));
      assert.equal(direct.status, 200);
      assert.ok(world.logs.some((l) => l.includes('the client address is unknown')));
    } finally {
      await world.close();
    }
  });
});

describe('bank helpers', () => {
  it('accepts only assigned ISO 3166-1 alpha-2 codes', () => {
    assert.equal(countryCode('ng'), 'NG');
    assert.equal(countryCode('GB'), 'GB');
    for (const bad of ['UK', 'XX', 'EU', 'N', 'NGA', '12', '']) assert.equal(countryCode(bad), null, bad);
  });

  it('sorts by name whatever the case or accents, numbers by value', () => {
    const sorted = sortBanks([
      { code: '3', name: 'bank 10' },
      { code: '1', name: 'Écobank' },
      { code: '2', name: 'Bank 9' },
      { code: '4', name: 'access' },
    ]);
    assert.deepEqual(
      sorted.map((b) => b.name),
      ['access', 'Bank 9', 'bank 10', 'Écobank'],
    );
  });

  it('reads a 400 as an unknown country only when its message names the country, any other 400 as an outage', () => {
    assert.equal(
      isProviderOutage(new ValidationError({ status: 400, message: 'provider unavailable' })),
      true,
    );
    assert.equal(
      isProviderOutage(new ValidationError({ status: 400, message: 'unknown country code' })),
      false,
    );
    assert.equal(
      isProviderOutage(new InternalServerError({ status: 503, message: 'service unavailable' })),
      true,
    );
    assert.equal(isProviderOutage(new ValidationError({ status: 400, message: 'bad request' })), true);
    assert.equal(isProviderOutage(new ConnectionError()), true);
  });
});
