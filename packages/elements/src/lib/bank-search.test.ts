import { expect } from '../test/testing.js';
import type { BankEntry } from '@pay-elements/protocol';
import { foldText, matchRank, prepareBanks, searchBanks } from './bank-search.js';
import { manyBanks } from '../test/bank-list.js';

const banks: BankEntry[] = [
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '044', name: 'Access Bank' },
  { code: 'SG', name: 'Société Générale' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '100', name: 'Urbanite Savings' },
  { code: '11', name: 'Co-operative Bank of Kenya' },
  { code: '50211', name: 'Kuda Microfinance Bank' },
];

const names = (result: { matches: readonly BankEntry[] }): string[] => result.matches.map((b) => b.name);

describe('bank search', () => {
  it('folds case, accents and spaces', () => {
    expect(foldText('  Société   GÉNÉRALE ')).to.equal('societe generale');
    expect(foldText('Ñandú Ålesund Øre')).to.equal('nandu alesund øre');
    expect(foldText('İstanbul')).to.equal('istanbul');
  });

  it('ranks a match at a word start before one inside a word', () => {
    expect(matchRank('urbanite savings', 'ban')).to.equal(1);
    expect(matchRank('access bank', 'ban')).to.equal(0);
    // a later occurrence at a word start counts
    expect(matchRank('urban bank', 'ban')).to.equal(0);
    // after punctuation is a word start
    expect(matchRank('co-operative bank', 'oper')).to.equal(0);
    expect(matchRank('access bank', 'zen')).to.equal(-1);
    expect(matchRank('access bank', '')).to.equal(0);
  });

  it('orders the prepared list by name, keeping one bank per code', () => {
    expect(prepareBanks([...banks, { code: '044', name: 'Access Bank (again)' }])).to.have.length(
      banks.length,
    );
    expect(prepareBanks(banks).map((p) => p.bank.code)).to.deep.equal([
      '044',
      '11',
      '011',
      '058',
      '50211',
      'SG',
      '100',
    ]);
  });

  it('ignores case and accents in the query and the names', () => {
    const prepared = prepareBanks(banks);
    expect(names(searchBanks(prepared, 'societe'))).to.deep.equal(['Société Générale']);
    expect(names(searchBanks(prepared, 'GÉNÉ'))).to.deep.equal(['Société Générale']);
    expect(names(searchBanks(prepared, 'gua'))).to.deep.equal(['Guaranty Trust Bank']);
  });

  it('lists word-start matches first, then matches anywhere, each alphabetically', () => {
    const result = searchBanks(prepareBanks(banks), 'ban');
    expect(names(result)).to.deep.equal([
      'Access Bank',
      'Co-operative Bank of Kenya',
      'First Bank of Nigeria',
      'Guaranty Trust Bank',
      'Kuda Microfinance Bank',
      'Urbanite Savings',
    ]);
    expect(result.total).to.equal(6);
  });

  it('answers every bank for an empty query and none for a query nothing contains', () => {
    const prepared = prepareBanks(banks);
    expect(searchBanks(prepared, '  ').total).to.equal(banks.length);
    expect(searchBanks(prepared, 'zzz')).to.deep.equal({ matches: [], total: 0 });
  });

  it('returns at most `limit` matches, best first, and counts them all', () => {
    const prepared = prepareBanks(banks);
    const capped = searchBanks(prepared, 'ban', 2);
    expect(names(capped)).to.deep.equal(['Access Bank', 'Co-operative Bank of Kenya']);
    expect(capped.total).to.equal(6);
    // the inside-a-word match still comes last when the cap reaches it
    expect(names(searchBanks(prepared, 'ban', 6)).at(-1)).to.equal('Urbanite Savings');
  });

  it('filters 1,000 banks in one pass (time logged as a figure)', () => {
    const list = manyBanks(1000);
    const started = performance.now();
    const prepared = prepareBanks(list);
    const prepareMs = performance.now() - started;
    const queries = ['c', 'cr', 'cre', 'credit', 'credit u', 'equite', 'bank 99', 'zz'];
    const filterStarted = performance.now();
    const results = queries.map((q) => searchBanks(prepared, q, 100));
    const perQueryMs = (performance.now() - filterStarted) / queries.length;
    console.log(
      `bank search, 1,000 banks: prepare ${prepareMs.toFixed(2)} ms, filter ${perQueryMs.toFixed(3)} ms per query`,
    );
    // correctness on the large list: every match contains the folded query, the cap holds
    const credit = results[3];
    expect(credit?.total).to.equal(list.filter((b) => foldText(b.name).includes('credit')).length);
    expect(credit?.matches.length).to.equal(100);
    expect(credit?.matches.every((b) => foldText(b.name).includes('credit'))).to.equal(true);
    expect(names(results[6] ?? { matches: [] }).sort()).to.deep.equal(
      list
        .filter((b) => / bank 99\d?$/.test(b.name.toLowerCase()))
        .map((b) => b.name)
        .sort(),
    );
    expect(results[7]?.total).to.equal(0);
  });
});
