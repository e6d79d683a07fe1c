// The emulator's state as tables: customers, virtual accounts with their state, transactions, and
// webhook deliveries with a redeliver button. Buttons send SandboxActionEvents up.
import { html, LitElement, css } from 'lit';
import { property } from 'lit/decorators.js';
import { SandboxActionEvent } from './action-event.js';
import { money, time } from './format.js';
import { base } from './styles.js';
import type { Account, Customer, Delivery, Transaction } from './types.js';

const stateClass: Record<Account['state'], string> = {
  open: '',
  paid: 'good',
  expired: 'bad',
  permanent: '',
};

export class SandboxTables extends LitElement {
  static override styles = [
    base,
    css`
      :host {
        display: grid;
        gap: 1.5rem;
      }
      .scroll {
        overflow-x: auto;
      }
      td button {
        white-space: nowrap;
      }
      .empty {
        color: var(--muted);
      }
    `,
  ];

  @property({ attribute: false }) customers: Customer[] = [];
  @property({ attribute: false }) accounts: Account[] = [];
  @property({ attribute: false }) transactions: Transaction[] = [];
  @property({ attribute: false }) deliveries: Delivery[] = [];
  /** whether the emulator has a webhook URL (otherwise no deliveries are made) */
  @property({ type: Boolean, attribute: 'webhooks-off' }) webhooksOff = false;

  private handleExact(account: Account): void {
    if (!account.amount) return;
    this.dispatchEvent(
      new SandboxActionEvent({
        label: `Send exactly ${money(account.amount, account.currency)} to ${account.account_number}`,
        method: 'POST',
        path: '/_sandbox/transfers',
        body: { account_number: account.account_number, amount: Number(account.amount) },
      }),
    );
  }

  private handleRedeliver(delivery: Delivery): void {
    this.dispatchEvent(
      new SandboxActionEvent({
        label: `Redeliver ${delivery.type} ${delivery.id}`,
        method: 'POST',
        path: `/_sandbox/webhooks/${encodeURIComponent(delivery.id)}/redeliver`,
      }),
    );
  }

  private customerName(id: string): string {
    const c = this.customers.find((x) => x.id === id);
    return c ? `${c.first_name} ${c.last_name}` : id;
  }

  private renderAccounts() {
    return html`<div class="scroll">
      <table>
        <caption>
          Virtual accounts
        </caption>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Customer</th>
            <th scope="col">Kind</th>
            <th scope="col">Amount</th>
            <th scope="col">State</th>
            <th scope="col">Expires</th>
            <th scope="col"><span class="sr">Action</span></th>
          </tr>
        </thead>
        <tbody>
          ${this.accounts.map(
            (a) =>
              html`<tr data-account=${a.account_number}>
                <td><span class="mono">${a.account_number}</span><br />${a.bank_name}</td>
                <td>${this.customerName(a.customer_id)}</td>
                <td>${a.kind === 'single_use' ? 'single-use' : 'permanent'}</td>
                <td>${a.amount ? money(a.amount, a.currency) : `any ${a.currency}`}</td>
                <td class=${stateClass[a.state]}>${a.state}</td>
                <td>${time(a.expires_at)}</td>
                <td>
                  ${
                    a.state === 'open'
                      ? html`<button
                          type="button"
                          aria-label=${`Send the exact amount to ${a.account_number}`}
                          @click=${() => this.handleExact(a)}
                        >
                          Send exact amount
                        </button>`
                      : ''
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  private renderDeliveries() {
    return html`<div class="scroll">
      <table>
        <caption>
          Webhook deliveries
        </caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Attempts</th>
            <th scope="col">Result</th>
            <th scope="col">Next attempt</th>
            <th scope="col"><span class="sr">Action</span></th>
          </tr>
        </thead>
        <tbody>
          ${
            this.deliveries.length === 0
              ? html`<tr>
                  <td colspan="5" class="empty">
                    ${this.webhooksOff ? 'Webhooks are off: set PAY_SANDBOX_WEBHOOK_URL.' : 'No events yet.'}
                  </td>
                </tr>`
              : this.deliveries.map(
                  (d) =>
                    html`<tr data-delivery=${d.id}>
                      <td>${d.type}<br /><span class="mono">${d.id}</span></td>
                      <td>${d.attempts}</td>
                      <td class=${d.delivered ? 'good' : d.attempts ? 'bad' : ''}>
                        ${d.delivered ? 'delivered' : d.endpoint_disabled ? 'endpoint disabled' : 'not delivered'}
                        ${d.last_status !== null ? html`(HTTP ${d.last_status})` : d.last_error ? `(${d.last_error})` : ''}
                      </td>
                      <td>${time(d.next_attempt_at)}</td>
                      <td>
                        <button
                          type="button"
                          aria-label=${`Redeliver ${d.type} ${d.id}`}
                          @click=${() => this.handleRedeliver(d)}
                        >
                          Redeliver
                        </button>
                      </td>
                    </tr>`,
                )
          }
        </tbody>
      </table>
    </div>`;
  }

  private renderTransactions() {
    return html`<div class="scroll">
      <table>
        <caption>
          Transactions (latest 20)
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Amount</th>
            <th scope="col">Entry</th>
            <th scope="col">Description</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          ${this.transactions.map(
            (t) =>
              html`<tr>
                <td>${time(t.created_at)}</td>
                <td>${money(t.amount, t.wallet.currency ?? 'XXX')}</td>
                <td>${t.entry}</td>
                <td>${t.message}</td>
                <td>${t.status}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  private renderCustomers() {
    return html`<div class="scroll">
      <table>
        <caption>
          Customers
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Country</th>
            <th scope="col">Id</th>
          </tr>
        </thead>
        <tbody>
          ${this.customers.map(
            (c) =>
              html`<tr>
                <td>${c.first_name} ${c.last_name}</td>
                <td>${c.email}</td>
                <td>${c.country_code}</td>
                <td class="mono">${c.id}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  override render() {
    return html`${this.renderAccounts()} ${this.renderDeliveries()} ${this.renderTransactions()}
    ${this.renderCustomers()}`;
  }
}
