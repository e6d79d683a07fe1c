// What a <pay-bank-picker> offers: a country's bank list (from the kit through the page-wide cache
// of lib/bank-cache.ts, or given directly) prepared for search, and the banks suggested for an
// account number. A list that fails to load is an error state; suggestions that fail are silence.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { BankEntry } from '@pay-elements/protocol';
import { compactAccountNumber } from '../lib/account-number.js';
import type { BackendError } from '../lib/backend.js';
import { cachedBankList, loadBankList, loadSuggestions } from '../lib/bank-cache.js';
import { prepareBanks, searchBanks } from '../lib/bank-search.js';
import type { PreparedBank } from '../lib/bank-search.js';
import { Timeout } from '../lib/clock.js';
import type { Clock } from '../lib/clock.js';

/** `idle`: no country and no list given; `loading`; `ready`; `error`: the list could not be loaded. */
export type BankDataStatus = 'idle' | 'loading' | 'ready' | 'error';

/** How long the account number must stay unchanged before suggestions are asked for it. */
export const suggestDelayMs = 300;

export interface BankSource {
  endpoint: string;
  country: string;
  /** A list given directly: used as is, nothing is fetched. */
  banks: readonly BankEntry[] | null;
}

/** The banks a search shows: the suggested ones that match, then the others (capped), and the count. */
export interface BankSearch {
  readonly filter: string;
  readonly suggested: readonly BankEntry[];
  readonly matches: readonly BankEntry[];
  /** How many banks of the list match (more than `matches.length` when capped). */
  readonly total: number;
}

export interface BankDataOptions {
  clock: () => Clock;
  /** Something changed after an answer came (the host re-renders and re-checks its value). */
  onChange: () => void;
}

export class BankDataController implements ReactiveController {
  status: BankDataStatus = 'idle';
  /** The list, prepared for search, alphabetical. */
  list: readonly PreparedBank[] = [];
  /** The suggested banks that are in the list, most likely first. */
  suggested: readonly PreparedBank[] = [];
  error: BackendError | null = null;

  readonly #options: BankDataOptions;
  #last: {
    list: readonly PreparedBank[];
    suggested: readonly PreparedBank[];
    limit: number;
    search: BankSearch;
  } | null = null;
  #source: BankSource | null = null;
  #byCode = new Map<string, PreparedBank>();
  #suggestedCodes: readonly string[] = [];
  #listGeneration = 0;
  #suggestGeneration = 0;
  readonly #timer = new Timeout();
  /** A suggestion request waiting for its delay (kept across a disconnection). */
  #waiting: (() => Promise<void>) | null = null;
  #listRequest: Promise<void> | null = null;
  #suggestRequest: Promise<void> | null = null;

  constructor(host: ReactiveControllerHost, options: BankDataOptions) {
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#waiting && !this.#timer.pending) void this.#waiting();
  }

  hostDisconnected(): void {
    this.#timer.clear();
  }

  /** Resolves once the list and the suggestions asked for so far have answered (and been taken in). */
  async settled(): Promise<void> {
    let list: Promise<void> | null;
    let suggest: Promise<void> | null;
    do {
      list = this.#listRequest;
      suggest = this.#suggestRequest;
      await Promise.all([list, suggest]);
    } while (list !== this.#listRequest || suggest !== this.#suggestRequest);
  }

  /** The bank of the list with `code`. */
  find(code: string): BankEntry | undefined {
    return this.#byCode.get(code)?.bank;
  }

  /**
   * The banks matching `filter`: suggested ones first, then at most `limit` of the list, word starts
   * first (see lib/bank-search.ts). The same answer object while nothing changed.
   */
  search(filter: string, limit: number): BankSearch {
    const { list, suggested } = this;
    const last = this.#last;
    if (
      last?.list === list &&
      last.suggested === suggested &&
      last.limit === limit &&
      last.search.filter === filter
    )
      return last.search;
    const found = searchBanks(list, filter, limit);
    const search = { filter, suggested: searchBanks(suggested, filter).matches, ...found };
    this.#last = { list, suggested, limit, search };
    return search;
  }

  /** Takes the list from `source` (synchronously when given or already loaded on this page). */
  setSource(source: BankSource): void {
    this.#source = source;
    const generation = ++this.#listGeneration;
    this.error = null;
    if (source.banks) return this.#accept(prepareBanks(source.banks));
    const country = source.country.trim().toUpperCase();
    if (!country) {
      this.#accept([]);
      this.status = 'idle';
      return;
    }
    const cached = cachedBankList(source.endpoint, country);
    if (cached) return this.#accept(cached);
    this.status = 'loading';
    this.#listRequest = loadBankList(source.endpoint, country).then((answer) => {
      if (generation !== this.#listGeneration) return;
      if (answer.kind === 'banks') this.#accept(answer.banks);
      else {
        this.#accept([]);
        this.status = 'error';
        this.error = answer.error;
      }
      this.#options.onChange();
    });
  }

  /** Asks for the list again (after an error). */
  retry(): void {
    if (this.#source) this.setSource(this.#source);
  }

  /**
   * Suggestions for `accountNumber` (spaces ignored): asked at once, or `suggestDelayMs` after the
   * last change when `debounce`. An empty or invalid number has none.
   */
  setAccountNumber(endpoint: string, accountNumber: string, debounce: boolean): void {
    const generation = ++this.#suggestGeneration;
    this.#timer.clear();
    this.#waiting = null;
    this.#setSuggested([]);
    const account = compactAccountNumber(accountNumber);
    if (!account) return;
    const run = async (): Promise<void> => {
      this.#timer.clear();
      this.#waiting = null;
      const request = loadSuggestions(endpoint, account).then((answer) => {
        if (generation !== this.#suggestGeneration) return;
        this.#setSuggested(answer?.map((s) => s.bank_code) ?? []);
        this.#options.onChange();
      });
      this.#suggestRequest = request;
      await request;
    };
    this.#waiting = run;
    if (debounce) this.#timer.set(this.#options.clock(), run, suggestDelayMs);
    else void run();
  }

  #accept(list: readonly PreparedBank[]): void {
    this.list = list;
    this.#byCode = new Map(list.map((entry) => [entry.bank.code, entry]));
    this.status = 'ready';
    this.#setSuggested(this.#suggestedCodes);
  }

  #setSuggested(codes: readonly string[]): void {
    this.#suggestedCodes = codes;
    const found: PreparedBank[] = [];
    for (const code of new Set(codes)) {
      const entry = this.#byCode.get(code);
      if (entry) found.push(entry);
    }
    this.suggested = found;
  }
}
