import { corePaymentMethods, type Conventions } from '../core/conventions.js';
import type { RequestOptions } from '../core/options.js';
import { PaymentResult } from '../schemas/resources.js';
import { BankTransferInfo, SendPaymentParams, TagTransferInfo } from '../schemas/requests.js';
import { fieldsOf, parseParams } from '../internal/validation.js';
import { Resource } from './resource.js';

/** The request schema, with `payment_method` limited to the spec's and the configured third-party names. */
function sendSchema(conventions: Conventions) {
  const methods = new Set<string>([...corePaymentMethods, ...conventions.thirdPartyMethods]);
  return SendPaymentParams.superRefine((params, ctx) => {
    if (!methods.has(params.payment_method)) {
      ctx.addIssue({
        code: 'custom',
        path: ['payment_method'],
        message: `must be one of ${[...methods].join(', ')}`,
      });
      return;
    }
    const info =
      params.payment_method === 'bank_transfer'
        ? BankTransferInfo
        : params.payment_method === 'tag_transfer'
          ? TagTransferInfo
          : undefined;
    const checked = info?.safeParse(params.info);
    if (checked && !checked.success) {
      for (const [field, messages] of Object.entries(fieldsOf(checked.error)))
        for (const message of messages) ctx.addIssue({ code: 'custom', path: ['info', field], message });
    }
  });
}

export class Payments extends Resource {
  /**
   * POST /v1/payments/send. A `reference` is generated (`crypto.randomUUID()`) when none is given, and
   * the same one is sent on every attempt, so the payment is repeated safely after a lost answer.
   * `document` and `approval` travel under the names set in `conventions.paymentFields`.
   */
  async send(params: SendPaymentParams, options?: RequestOptions): Promise<PaymentResult> {
    const parsed = parseParams(sendSchema(this.conventions), params);
    const { document, approval, ...rest } = parsed;
    const body: Record<string, unknown> = { ...rest, reference: parsed.reference ?? crypto.randomUUID() };
    const names = this.conventions.paymentFields;
    if (document !== undefined) body[names.document] = document;
    if (approval !== undefined) body[names.approval] = approval;
    return this.json({ method: 'POST', path: '/v1/payments/send', body }, PaymentResult, options);
  }
}
