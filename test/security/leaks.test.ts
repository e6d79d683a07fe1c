// The leak scanners themselves: what they must find (a key, a card number bare or grouped, a known
// card however it is split) and what they must leave alone (account numbers, references, hex ids,
// long numbers, decimals, sixteen digits that fail Luhn), so that the scans over assets, answers and
// logs mean something when they find nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { findLeaks, luhn, maskPan, scanAll } from './leaks.js';

const visa = '4242424242424242';
const fixtureCard = fixtures.cards.adaUsd.number;

describe('luhn', () => {
  it('accepts valid numbers and refuses a changed digit', () => {
    assert.equal(luhn(visa), true);
    assert.equal(luhn(fixtureCard), true, 'the emulator fixture cards pass Luhn');
    assert.equal(luhn('4242424242424241'), false);
    assert.equal(luhn('9007199254740991'), false);
    assert.equal(luhn('42424242424242a2'), false);
  });
});

describe('findLeaks', () => {
  it('finds key-shaped strings, the emulator key among them', () => {
    // a live-looking key, assembled so that no scanner mistakes this file for a leak
    const liveKey = ['sk', 'live', '9f8e7d6c5b'].join('_');
    const leaks = findLeaks(`x-api-key: ${DEFAULT_API_KEY}; other ${liveKey}`, 'log');
    assert.deepEqual(
      leaks.map((l) => l.what),
      [DEFAULT_API_KEY, liveKey],
    );
    assert.equal(findLeaks('{"apiKey":"sk_test_abcd"}', 'body')[0]?.kind, 'key');
  });

  it('leaves words that merely contain sk_ alone', () => {
    assert.deepEqual(findLeaks('const task_queue = mask_bits; risk_level', 'asset'), []);
  });

  it('finds a card number bare, grouped by spaces or dashes, in JSON or markup, masked', () => {
    for (const text of [
      `{"number":"${visa}"}`,
      '<td>4242 4242 4242 4242</td>',
      'card 4242-4242-4242-4242 revealed',
      `pan=${fixtureCard}&cvv=482`,
    ]) {
      const leaks = findLeaks(text, 'page');
      assert.equal(leaks.length, 1, text);
      assert.equal(leaks[0]?.kind, 'card');
      assert.doesNotMatch(leaks[0]?.what ?? '', /\d{16}/, 'the finding is masked');
    }
    assert.equal(maskPan(visa), '424242******4242');
  });

  it('leaves alone what only looks like digits: accounts, references, ids, long runs, decimals, non-Luhn', () => {
    const innocent = [
      'account 7810456231, bank 058',
      'reference DVA-4242424242424242',
      'ses_4242424242424242abc',
      'tx 42424242424242424242',
      'ratio 0.4242424242424242',
      'id 1234567890123456',
      'mixed 4242 4242-4242 4242',
      `masked ${fixtureCard.slice(0, 6)}******${fixtureCard.slice(-4)}`,
      'MAX_SAFE_INTEGER 9007199254740991',
    ];
    for (const text of innocent) assert.deepEqual(findLeaks(text, 'page'), [], text);
  });

  it('finds a known card however it is split, even inside a longer token', () => {
    const grouped = fixtureCard.replace(/^(\d{6})(\d{5})(\d{5})$/, '$1 $2 $3');
    const leaks = findLeaks(`Amex-style ${grouped} and ref DVA-${fixtureCard}`, 'log', {
      cards: [fixtureCard],
    });
    assert.equal(leaks.length, 1);
    assert.equal(leaks[0]?.what, maskPan(fixtureCard));
    assert.deepEqual(findLeaks('nothing here 7810456231', 'log', { cards: [fixtureCard] }), []);
  });

  it('scanAll names where each finding is', () => {
    const leaks = scanAll([
      { where: 'a.js', text: 'fine' },
      { where: 'b.log', text: `${DEFAULT_API_KEY} ${visa}` },
    ]);
    assert.deepEqual(
      leaks.map((l) => `${l.where} ${l.kind}`),
      ['b.log key', 'b.log card'],
    );
  });
});
