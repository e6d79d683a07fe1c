// Every choice made where the spec is silent, in one place. The client reads these; the emulator
// mirrors them; a merchant whose provider differs overrides them through `new PayClient({conventions})`.
// The package README lists each one in its table.

export interface Conventions {
  /** Names of the list query parameters. */
  query: {
    page: string;
    size: string;
    sort: string;
    filter: string;
    /** transactions: the CSV export flag and the value that turns it on */
    export: string;
    exportCsv: string;
    /** transactions and virtual accounts: filter by customer */
    customerId: string;
    /** virtual accounts: filter by currency */
    currency: string;
  };
  /** Page sizes when none is asked for, and the most a page may hold. */
  pageSize: { default: number; max: number };
  /** Field names in POST /v1/payments/send that the spec leaves unnamed. */
  paymentFields: { document: string; approval: string };
  /** The four third-party payment service names, lower-case, as `payment_method` values. */
  thirdPartyMethods: readonly string[];
  /** Card reveals allowed per card per minute. */
  revealLimitPerMinute: number;
  /** Bounds of a single-use account, which the spec does not give. */
  dynamicAccount: { minLifespanMinutes: number; maxLifespanMinutes: number };
  /** The meaning given to the integer `status` of a payment link. */
  paymentLinkStatus: Readonly<Record<number, 'inactive' | 'active' | 'expired'>>;
}

export const defaultConventions: Conventions = {
  query: {
    page: 'page',
    size: 'size',
    sort: 'sort',
    filter: 'filter',
    export: 'export',
    exportCsv: 'csv',
    customerId: 'customer_id',
    currency: 'currency',
  },
  pageSize: { default: 20, max: 100 },
  paymentFields: { document: 'document', approval: 'approval_uid' },
  thirdPartyMethods: [
    'third_party_service_1',
    'third_party_service_2',
    'third_party_service_3',
    'third_party_service_4',
  ],
  revealLimitPerMinute: 10,
  dynamicAccount: { minLifespanMinutes: 1, maxLifespanMinutes: 10_080 },
  paymentLinkStatus: { 0: 'inactive', 1: 'active', 2: 'expired' },
};

/** The payment methods the spec names, plus the configured third-party services. */
export const corePaymentMethods = [
  'card',
  'bank_transfer',
  'mobile_money',
  'wallet',
  'tag_transfer',
  'defi',
  'ussd',
] as const;

/**
 * Sort is `field,asc` or `field,desc`. Filter is one or more `field:value` pairs joined by `;`,
 * each an exact, case-insensitive match on a top-level field of the record (all must match).
 */
export const SORT_PATTERN = /^([a-z_]+),(asc|desc)$/;
export function parseFilter(expression: string): Array<[field: string, value: string]> | null {
  const pairs: Array<[string, string]> = [];
  for (const part of expression.split(';')) {
    const at = part.indexOf(':');
    if (at <= 0) return null;
    pairs.push([part.slice(0, at).trim(), part.slice(at + 1).trim()]);
  }
  return pairs;
}
