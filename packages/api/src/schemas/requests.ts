// Request bodies of every endpoint that takes one. The client parses what it sends with these; the
// emulator validates what it receives with the same schemas and answers the spec's validation body.
import * as z from 'zod';
import { Charges, InvoiceItem, PaymentSchedule } from './resources.js';
import { corePaymentMethods, defaultConventions } from '../core/conventions.js';

export const SuggestBanksParams = z.object({ account_number: z.string().min(1) });
export type SuggestBanksParams = z.infer<typeof SuggestBanksParams>;

export const BankTransferInfo = z.object({
  account_number: z.string().min(1),
  bank_code: z.string().min(1),
  account_name: z.string().min(1),
});
export const TagTransferInfo = z.object({ tag_id: z.string().min(1) });

export const paymentMethods = [...corePaymentMethods, ...defaultConventions.thirdPartyMethods] as const;

export const SendPaymentParams = z.object({
  from_amount: z.number().min(0.01),
  from_wallet_id: z.string().min(1),
  to_currency: z.string().regex(/^[A-Za-z]{3}$/),
  payment_method: z.string().min(1),
  /** the recipient; its contents depend on `payment_method` */
  info: z.record(z.string(), z.unknown()),
  is_save_to_beneficiary: z.boolean().optional(),
  reference: z.string().min(1).max(128).optional(),
  payment_type: z.object({ type: z.string() }).optional(),
  /** base64 document (field name: conventions.paymentFields.document) */
  document: z.string().optional(),
  /** account UID to notify for approval (field name: conventions.paymentFields.approval) */
  approval: z.string().optional(),
});
export type SendPaymentParams = z.infer<typeof SendPaymentParams>;

export const CreateInvoiceParams = z.object({
  email: z.email(),
  note: z.string().max(2000).optional(),
  items: z.array(InvoiceItem).min(1),
  charges: Charges.optional(),
  payment_schedule: PaymentSchedule,
});
export type CreateInvoiceParams = z.infer<typeof CreateInvoiceParams>;

export const CreateVirtualAccountParams = z.object({
  customer_id: z.string().min(1),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  id_number: z.string().optional(),
  codes: z.array(z.string()).optional(),
});
export type CreateVirtualAccountParams = z.infer<typeof CreateVirtualAccountParams>;

export const CreateDynamicAccountParams = z.object({
  customer_id: z.string().min(1),
  amount: z.number().positive(),
  lifespan_minutes: z
    .number()
    .int()
    .min(defaultConventions.dynamicAccount.minLifespanMinutes)
    .max(defaultConventions.dynamicAccount.maxLifespanMinutes),
});
export type CreateDynamicAccountParams = z.infer<typeof CreateDynamicAccountParams>;

export const CardWithdrawParams = z.object({
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  amount: z.number().positive(),
});
export type CardWithdrawParams = z.infer<typeof CardWithdrawParams>;

/** Shared list parameters. */
export interface ListParams {
  page?: number;
  size?: number;
  /** `field,asc` or `field,desc` */
  sort?: string;
  /** `field:value` pairs joined by `;` */
  filter?: string;
}
export interface TransactionListParams extends ListParams {
  customer_id?: string;
}
export interface VirtualAccountListParams {
  currency?: string;
  customer_id?: string;
}
