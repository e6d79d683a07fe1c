// GET /v1/transactions: paginated, filterable by customer (`customer_id`), exportable as CSV
// (`export=csv`, every matching record, pagination ignored).
import { defaultConventions, type Transaction } from '@pay-elements/api';
import type { Route } from '../context.js';
import { paginate, select } from '../list.js';
import { ValidationFailure, ok } from '../responses.js';
import { findCustomer } from './customers.js';
import { settlingTransactions } from './settlements.js';

const query = defaultConventions.query;

export const transactionFields = [
  'id',
  'ref',
  'amount',
  'fee',
  'type',
  'status',
  'entry',
  'message',
  'created_at',
] as const satisfies readonly (keyof Transaction)[];

/** The CSV columns: the transaction's own fields, then the wallet and the transfer details. */
export const csvColumns = [
  ...transactionFields,
  'currency',
  'wallet_id',
  'account_number',
  'account_reference',
  'customer_id',
] as const;

function csvCell(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(transactions: readonly Transaction[]): string {
  const rows = transactions.map((t) => {
    const cells: Record<(typeof csvColumns)[number], unknown> = {
      ...t,
      currency: t.wallet['currency'],
      wallet_id: t.wallet['id'],
      account_number: t.payment_transfer.account_number,
      account_reference: t.payment_transfer.account_reference,
      customer_id: t.payment_transfer.customer_id,
    };
    return csvColumns.map((c) => csvCell(cells[c])).join(',');
  });
  return [csvColumns.join(','), ...rows].join('\r\n') + '\r\n';
}

export const transactionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/transactions',
    handle: (ctx) => {
      const customerId = ctx.url.searchParams.get(query.customerId);
      if (customerId) findCustomer(ctx, customerId);
      // transfers still settling are listed too, `processing` (./settlements.ts)
      const records = [...ctx.state.transactions, ...settlingTransactions(ctx)]
        .filter((r) => !customerId || r.customerId === customerId)
        .map((r) => r.transaction);
      const exportAs = ctx.url.searchParams.get(query.export);
      if (exportAs === null || exportAs === '')
        return ok(paginate(records, ctx.url, { fields: transactionFields }));
      if (exportAs !== defaultConventions.query.exportCsv)
        throw ValidationFailure.of(query.export, `must be ${query.exportCsv}`);
      return new Response(toCsv(select(records, ctx.url, { fields: transactionFields })), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="transactions.csv"',
        },
      });
    },
  },
];
