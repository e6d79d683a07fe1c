import * as z from 'zod/mini';
import { accountNumberPattern } from './wire.js';

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
