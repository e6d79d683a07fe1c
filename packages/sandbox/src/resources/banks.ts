// GET /v1/banks/{country_code} and POST /v1/banks/suggest. Suggestions are learnt: every bank
// transfer teaches the bank its account number was paid through.
import { SuggestBanksParams, type BankSuggestion } from '@pay-elements/api';
import { param, type Route } from '../context.js';
import { banksByCountry } from '../data/banks.js';
import { SandboxFailure, messages, ok } from '../responses.js';
import type { State } from '../store.js';
import { parseInput } from '../validate.js';

/** Remembers that `accountNumber` was paid through `bank` (most recent first, no duplicates). */
export function learnBank(state: State, accountNumber: string, bank: BankSuggestion): void {
  const known = state.suggestions.get(accountNumber) ?? [];
  state.suggestions.set(accountNumber, [bank, ...known.filter((b) => b.bank_code !== bank.bank_code)]);
}

export const bankRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/banks/:country_code',
    access: 'banks',
    handle: (ctx) => {
      const code = param(ctx, 'country_code');
      const banks = /^[A-Za-z]{2}$/.test(code) ? banksByCountry[code.toUpperCase()] : undefined;
      if (!banks) throw new SandboxFailure(400, messages.unknownCountry);
      return ok(banks.map((b) => ({ name: b.name, code: b.code })));
    },
  },
  {
    method: 'POST',
    path: '/v1/banks/suggest',
    body: true,
    handle: (ctx) => {
      const { account_number } = parseInput(SuggestBanksParams, ctx.body);
      return ok(ctx.state.suggestions.get(account_number) ?? []);
    },
  },
];
