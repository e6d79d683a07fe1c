import * as z from 'zod';
import type { RequestOptions } from '../core/options.js';
import { Bank, BankSuggestion } from '../schemas/resources.js';
import { SuggestBanksParams } from '../schemas/requests.js';
import { encodePath } from '../internal/path.js';
import { parseParams } from '../internal/validation.js';
import { Resource } from './resource.js';

const BankList = z.array(Bank);
const Suggestions = z.array(BankSuggestion);
const CountryCode = z.object({
  country_code: z.string().regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as "NG"'),
});

export class Banks extends Resource {
  /** GET /v1/banks/{country_code}: the banks of a country, with the codes valid for sending. */
  async list(countryCode: string, options?: RequestOptions): Promise<Bank[]> {
    const { country_code } = parseParams(CountryCode, { country_code: countryCode });
    const path = encodePath('/v1/banks/{country_code}', { country_code });
    return this.json({ method: 'GET', path }, BankList, options);
  }

  /** POST /v1/banks/suggest: banks through which this account number has been paid before (a hint). */
  async suggest(params: SuggestBanksParams, options?: RequestOptions): Promise<BankSuggestion[]> {
    const body = parseParams(SuggestBanksParams, params);
    return this.json({ method: 'POST', path: '/v1/banks/suggest', body }, Suggestions, options);
  }
}
