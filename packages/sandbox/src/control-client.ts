// A small typed client for the control API, for tests and demos. Each method answers the parsed
// `data`; a refusal (`status: false`) throws SandboxControlError with the message and HTTP status.
import * as z from 'zod';
import { Customer, InvoiceView, Transaction } from '@pay-elements/api';
import {
  AccountOverviewSchema,
  CardViewSchema,
  ClockAnswer,
  DeliverySchema,
  FaultSchema,
  type ScenarioName,
  type CreateCustomerBody,
  type FaultBody,
  type IssueCardBody,
  type TransferBody,
} from './control-schemas.js';
import { DEFAULT_API_KEY } from './sandbox.js';

export type CardView = z.infer<typeof CardViewSchema>;
export type Fault = z.infer<typeof FaultSchema>;
export type Delivery = z.infer<typeof DeliverySchema>;
export type AccountOverview = z.infer<typeof AccountOverviewSchema>;

export class SandboxControlError extends Error {
  override readonly name = 'SandboxControlError';
  constructor(
    message: string,
    readonly status: number,
    /** field → messages, for a validation failure */
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

const Envelope = z.object({ status: z.boolean(), data: z.unknown(), message: z.string() });
const Validation = z.object({ error: z.record(z.string(), z.array(z.string())) });

export class SandboxControl {
  readonly #base: string;
  readonly #key: string;

  /** `url`: the emulator's base URL (`sandbox.url`); `key`: the full key. */
  constructor(url: string, key: string = DEFAULT_API_KEY) {
    this.#base = url.replace(/\/+$/, '');
    this.#key = key;
  }

  async #call<T extends z.ZodType>(
    schema: T,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<z.infer<T>> {
    const response = await fetch(`${this.#base}/_sandbox${path}`, {
      method,
      headers: {
        'x-api-key': this.#key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json: unknown = await response.json().catch(() => null);
    const validation = Validation.safeParse(json);
    if (validation.success) {
      const fields = validation.data.error;
      const summary = Object.entries(fields).map(([f, m]) => `${f}: ${m.join(', ')}`);
      throw new SandboxControlError(`invalid request (${summary.join('; ')})`, response.status, fields);
    }
    const envelope = Envelope.safeParse(json);
    if (!envelope.success)
      throw new SandboxControlError('unexpected answer from the emulator', response.status);
    if (!envelope.data.status) throw new SandboxControlError(envelope.data.message, response.status);
    return schema.parse(envelope.data.data);
  }

  /** Back to the seed fixtures; clears faults. */
  async reset(): Promise<void> {
    await this.#call(z.object({}), 'POST', '/reset');
  }
  createCustomer(body: CreateCustomerBody): Promise<Customer> {
    return this.#call(Customer, 'POST', '/customers', body);
  }
  /** A funded card (`balance` in major units). */
  issueCard(body: IssueCardBody): Promise<CardView> {
    return this.#call(CardViewSchema, 'POST', '/cards', body);
  }
  /** An inbound bank transfer; answers the credit transaction. Throws on refusal. */
  transfer(body: TransferBody): Promise<Transaction> {
    return this.#call(Transaction, 'POST', '/transfers', body);
  }
  payInvoice(number: string): Promise<InvoiceView> {
    return this.#call(InvoiceView, 'POST', `/invoices/${encodeURIComponent(number)}/pay`);
  }
  /** Moves the emulator's clock; answers its new time (ISO). */
  async advanceClock(minutes: number): Promise<string> {
    return (await this.#call(ClockAnswer, 'POST', '/clock', { advance_minutes: minutes })).now;
  }
  injectFault(fault: FaultBody): Promise<Fault> {
    return this.#call(FaultSchema, 'POST', '/faults', fault);
  }
  async clearFaults(): Promise<void> {
    await this.#call(z.object({}), 'DELETE', '/faults');
  }
  /** Every virtual account, single-use ones with their state (open, paid, expired). */
  accounts(): Promise<AccountOverview[]> {
    return this.#call(AccountOverviewSchema.array(), 'GET', '/accounts');
  }
  /** Holds every webhook delivery back (they wait in the log) until `resumeWebhooks()`. */
  async pauseWebhooks(): Promise<void> {
    await this.#call(z.object({ paused: z.boolean() }), 'POST', '/webhooks/pause');
  }
  /** Delivers the webhooks that waited, and the next ones as they come. */
  async resumeWebhooks(): Promise<void> {
    await this.#call(z.object({ paused: z.boolean() }), 'POST', '/webhooks/resume');
  }
  /** The webhook delivery log, newest first. */
  webhooks(): Promise<Delivery[]> {
    return this.#call(DeliverySchema.array(), 'GET', '/webhooks');
  }
  /** Sends a logged event again, with the same id. */
  redeliver(id: string): Promise<Delivery> {
    return this.#call(DeliverySchema, 'POST', `/webhooks/${encodeURIComponent(id)}/redeliver`);
  }
  /** Starts a named scenario (see the README); answers its settings. */
  startScenario(name: ScenarioName, options: Record<string, number> = {}): Promise<Record<string, unknown>> {
    return this.#call(z.record(z.string(), z.unknown()), 'POST', `/scenarios/${name}`, options);
  }
}
