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

  /** One table: a caption, column heads (an empty one is the actions column) and its rows. */
  private table(caption: string, heads: string[], rows: unknown) {
    return html`<div class="scroll">
      <table>
        <caption>
          ${caption}
        </caption>
        <thead>
          <tr>
            ${heads.map((h) => html`<th scope="col">${h || html`<span class="sr">Action</span>`}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${rows}
        </tbody>
      </table>
    </div>`;
  }

  private renderAccounts() {
    return this.table(
      'Virtual accounts',
      ['Account', 'Customer', 'Kind', 'Amount', 'State', 'Expires', ''],
      this.accounts.map(
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
      ),
    );
  }

  private renderDeliveries() {
    const rows = this.deliveries.length
      ? this.deliveries.map(
          (d) =>
            html`<tr data-delivery=${d.id}>
              <td>${d.type}<br /><span class="mono">${d.id}</span></td>
              <td>${d.attempts}</td>
              <td class=${d.delivered ? 'good' : d.attempts ? 'bad' : ''}>
                ${d.delivered ? 'delivered' : d.endpoint_disabled ? 'endpoint disabled' : 'not delivered'}
                ${d.last_status !== null ? `(HTTP ${d.last_status})` : d.last_error ? `(${d.last_error})` : ''}
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
      : html`<tr>
          <td colspan="5" class="empty">No events yet (the emulator sends them only with a webhook URL).</td>
        </tr>`;
    return this.table('Webhook deliveries', ['Event', 'Attempts', 'Result', 'Next attempt', ''], rows);
  }

  private renderTransactions() {
    return this.table(
      'Transactions (latest 20)',
      ['When', 'Amount', 'Entry', 'Description', 'Status'],
      this.transactions.map(
        (t) =>
          html`<tr>
            <td>${time(t.created_at)}</td>
            <td>${money(t.amount, t.wallet.currency ?? 'XXX')}</td>
            <td>${t.entry}</td>
            <td>${t.message}</td>
            <td>${t.status}</td>
          </tr>`,
      ),
    );
  }

  private renderCustomers() {
    return this.table(
      'Customers',
      ['Name', 'Email', 'Country', 'Id'],
      this.customers.map(
        (c) =>
          html`<tr>
            <td>${c.first_name} ${c.last_name}</td>
            <td>${c.email}</td>
            <td>${c.country_code}</td>
            <td class="mono">${c.id}</td>
          </tr>`,
      ),
    );
  }

  override render() {
    return html`${this.renderAccounts()} ${this.renderDeliveries()} ${this.renderTransactions()}
    ${this.renderCustomers()}`;
  }
}
