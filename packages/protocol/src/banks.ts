import * as z from 'zod/mini';
import { accountNumberPattern } from './wire.js';
import { failure, failures, guarded, pathParameter, type RouteDeclaration } from './route-parts.js';

// ── Banks ───────────────────────────────────────────────────────────────────────────────────
export const BankEntry = z.object({ code: z.string(), name: z.string() });
export type BankEntry = z.infer<typeof BankEntry>;
export const BankList = z.object({ banks: z.array(BankEntry) });
export type BankList = z.infer<typeof BankList>;
export const SuggestBanksRequest = z.object({
  account_number: z.string().check(z.regex(accountNumberPattern)),
});
export type SuggestBanksRequest = z.infer<typeof SuggestBanksRequest>;
export const BankSuggestions = z.object({
  suggestions: z.array(z.object({ bank_code: z.string(), bank_name: z.string() })),
});
export type BankSuggestions = z.infer<typeof BankSuggestions>;

/** A country's banks, and the banks an account number is known at. (route-table.ts gathers every module's.) */
export const bankRouteTable = {
  banks: {
    method: 'GET',
    path: '/banks/:country',
    summary: "A country's banks",
    description: 'Cacheable: the kit answers `Cache-Control: public, max-age=…` (at most one day).',
    parameters: [pathParameter('country', 'ISO 3166-1 alpha-2, "NG".')],
    answers: {
      200: {
        description: 'The banks, by name.',
        headers: {
          'Pay-Cache': {
            description:
              'How the backend had the list: `miss` (asked the provider now), `hit` (kept, fresh), `stale` (kept past its time while the provider cannot answer). The kit sends it; the element ignores it.',
            schema: { type: 'string' },
          },
        },
        body: BankList,
      },
      400: failures[400],
      404: failure(404, '`not_found`: the provider lists no banks for the country.'),
      503: failures[503],
    },
    readme:
      "200 `{banks: [{code, name}]}` sorted by name, `Cache-Control: public, max-age=<what is left of the kit's day>`; 400 for a code that is not ISO 3166-1 alpha-2, 404 for a country the provider does not serve",
  },
  suggest: {
    method: 'POST',
    path: '/banks/suggest',
    summary: 'The banks an account number is known at',
    body: { required: true, schema: SuggestBanksRequest },
    answers: {
      200: { description: 'Suggestions, possibly none.', body: BankSuggestions },
      400: failures[400],
      404: failure(404, '`not_found`: suggestions are turned off. The element shows none.'),
      429: failures[429],
      503: failures[503],
      ...guarded,
    },
    readme: "200 `{suggestions: [{bank_code, bank_name}]}`; 404 unless enabled; 429 past the client's rate",
  },
} as const satisfies Record<string, RouteDeclaration>;
