// POST /v1/payments/send. One debit per `reference`: the same reference again answers the first
// result and moves nothing. Bank transfers must name a bank of the destination's list, and teach
// banks/suggest the bank the account number was paid through.
import {
  BankTransferInfo,
  SendPaymentParams,
  TagTransferInfo,
  defaultConventions,
  paymentMethods,
  type PaymentResult,
} from '@pay-elements/api';
import { isoZ } from '../clock.js';
import type { Route, Services } from '../context.js';
import { findBank } from '../data/banks.js';
import { marketByCurrency, rateOf } from '../data/countries.js';
import { newReference } from '../ids.js';
import { record } from '../ledger.js';
import { convert, minorToNumber, toMinor, withinLimit } from '../money.js';
import { SandboxFailure, ValidationFailure, messages, ok } from '../responses.js';
import { parseInput } from '../validate.js';
import { learnBank } from './banks.js';

const wireNames = defaultConventions.paymentFields;

/** The body with the document and approval fields read from their names on the wire. */
function fromWire(body: Record<string, unknown>): Record<string, unknown> {
  const { [wireNames.document]: document, [wireNames.approval]: approval, ...rest } = body;
  return { ...rest, document, approval };
}

/** Validation messages keyed by the wire names again. */
function toWireFields(failure: ValidationFailure): ValidationFailure {
  const rename: Record<string, string> = { document: wireNames.document, approval: wireNames.approval };
  return new ValidationFailure(
    Object.fromEntries(Object.entries(failure.fields).map(([k, v]) => [rename[k] ?? k, v])),
  );
}

interface Recipient {
  message: string;
  details: Record<string, string>;
  bank?: { accountNumber: string; code: string; name: string };
}

function recipientOf(method: string, info: Record<string, unknown>, toCurrency: string): Recipient {
  if (method === 'bank_transfer') {
    const bankInfo = parseInput(BankTransferInfo, info, 'info');
    const market = marketByCurrency(toCurrency);
    if (!market)
      throw ValidationFailure.of('to_currency', `bank transfers are not available in ${toCurrency}`);
    const bank = findBank(market.alpha2, bankInfo.bank_code);
    if (!bank)
      throw ValidationFailure.of(
        'info.bank_code',
        `is not a bank code of ${market.alpha2}; see GET /v1/banks/${market.alpha2}`,
      );
    return {
      message: `Transfer to ${bankInfo.account_name}`,
      details: { ...bankInfo, bank_name: bank.name },
      bank: { accountNumber: bankInfo.account_number, code: bank.code, name: bank.name },
    };
  }
  if (method === 'tag_transfer') {
    const { tag_id } = parseInput(TagTransferInfo, info, 'info');
    return { message: `Transfer to @${tag_id}`, details: { tag_id } };
  }
  const details = Object.fromEntries(
    Object.entries(info).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  return { message: `Payment by ${method.replaceAll('_', ' ')}`, details };
}

function send(services: Services, body: Record<string, unknown>): PaymentResult {
  let params;
  try {
    params = parseInput(SendPaymentParams, fromWire(body));
  } catch (error) {
    throw error instanceof ValidationFailure ? toWireFields(error) : error;
  }
  const method = params.payment_method;
  if (!paymentMethods.some((m) => m === method))
    throw ValidationFailure.of('payment_method', `must be one of: ${paymentMethods.join(', ')}`);
  const amount = toMinor(params.from_amount);
  if (amount === null) throw ValidationFailure.of('from_amount', 'must have at most 2 decimals');
  if (!withinLimit(amount)) throw ValidationFailure.of('from_amount', 'is too large');
  const toCurrency = params.to_currency.toUpperCase();
  const toRate = rateOf(toCurrency);
  if (toRate === undefined) throw ValidationFailure.of('to_currency', `${toCurrency} is not supported`);
  const recipient = recipientOf(method, params.info, toCurrency);

  const { state } = services;
  const reference = params.reference;
  const earlier = reference === undefined ? undefined : state.payments.get(reference);
  if (earlier) return earlier;

  const wallet = state.wallets.get(params.from_wallet_id);
  if (!wallet) throw new SandboxFailure(404, messages.walletNotFound);
  if (wallet.balance < amount) throw new SandboxFailure(400, messages.insufficientBalance);
  const fromRate = rateOf(wallet.currency) ?? toRate;
  const toAmount = convert(amount, fromRate, toRate);
  const instant = (params.payment_type?.type ?? 'instant') === 'instant';
  const transactionRef = newReference('PAY');
  const status = instant ? 'success' : 'processing';
  record(services, {
    entry: 'debit',
    amount,
    wallet,
    type: 'transfer',
    status,
    ref: transactionRef,
    message: recipient.message,
    paymentTransfer: { ...recipient.details, method, ...(reference ? { reference } : {}) },
  });
  if (recipient.bank)
    learnBank(state, recipient.bank.accountNumber, {
      bank_code: recipient.bank.code,
      bank_name: recipient.bank.name,
    });
  const result: PaymentResult = {
    transaction_ref: transactionRef,
    status,
    from_amount: minorToNumber(amount),
    to_amount: minorToNumber(toAmount),
    from_currency: wallet.currency,
    to_currency: toCurrency,
    method,
    created_at: isoZ(services.clock.now()),
  };
  if (reference !== undefined) state.payments.set(reference, result);
  services.emit({
    type: 'payment.sent',
    data: {
      transaction_ref: transactionRef,
      from_wallet_id: wallet.id,
      from_amount: result.from_amount,
      reference: reference ?? null,
    },
  });
  return result;
}

export const paymentRoutes: Route[] = [
  { method: 'POST', path: '/v1/payments/send', body: true, handle: (ctx) => ok(send(ctx, ctx.body)) },
];
