// The dashboard: asks for the key once (kept in sessionStorage, for this tab only), then shows the
// emulator's state and carries out the actions its parts ask for, saying in words how each went.
import { html, LitElement, css, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { call, storedKey, storeKey } from './api.js';
import type { SandboxActionEvent } from './action-event.js';
import { time } from './format.js';
import { base } from './styles.js';
import type { Account, Customer, Delivery, Fault, Page, Transaction } from './types.js';

interface Snapshot {
  now: string;
  customers: Customer[];
  accounts: Account[];
  transactions: Transaction[];
  deliveries: Delivery[];
  faults: Fault[];
}

export class SandboxDashboard extends LitElement {
  static override styles = [
    base,
    css`
      :host {
        display: block;
        max-width: 80rem;
        margin: 0 auto;
        padding: 1rem;
      }
      header {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1.5rem;
        align-items: baseline;
        justify-content: space-between;
        border-bottom: 1px solid var(--line);
        margin-bottom: 1rem;
      }
      h1 {
        font-size: 1.4rem;
        margin: 0.3rem 0;
      }
      h2 {
        font-size: 1.2rem;
      }
      .bar {
        display: flex;
        gap: 0.5rem;
        align-items: center;
        flex-wrap: wrap;
      }
      .key {
        display: grid;
        gap: 0.5rem;
        max-width: 26rem;
      }
      .key label {
        display: grid;
        gap: 0.2rem;
      }
      [role='status'] {
        min-height: 1.5em;
        padding: 0.4rem 0;
      }
    `,
  ];

  @state() private key: string | null = storedKey();
  @state() private data: Snapshot | null = null;
  /** what the last action or load came to, in words (announced politely) */
  @state() private notice = '';
  @state() private noticeBad = false;
  @state() private busy = false;

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('sandbox-action', this.handleAction);
    if (this.key) void this.load();
  }

  override disconnectedCallback(): void {
    this.removeEventListener('sandbox-action', this.handleAction);
    super.disconnectedCallback();
  }

  private say(text: string, bad = false): void {
    this.notice = text;
    this.noticeBad = bad;
  }

  /** Reads everything shown; a refused key sends the person back to the key form. */
  private async load(): Promise<boolean> {
    const key = this.key;
    if (!key) return false;
    const [clock, customers, accounts, transactions, deliveries, faults] = await Promise.all([
      call<{ now: string }>(key, 'GET', '/_sandbox/clock'),
      call<Page<Customer>>(key, 'GET', '/v1/customers?size=100&sort=created_at,desc'),
      call<Account[]>(key, 'GET', '/_sandbox/accounts'),
      call<Page<Transaction>>(key, 'GET', '/v1/transactions?size=20'),
      call<Delivery[]>(key, 'GET', '/_sandbox/webhooks'),
      call<Fault[]>(key, 'GET', '/_sandbox/faults'),
    ]);
    if (clock.status === 401 || clock.status === 403) {
      storeKey(null);
      this.key = null;
      this.data = null;
      this.say(`That key was refused: ${clock.message}.`, true);
      return false;
    }
    this.data = {
      now: clock.data?.now ?? '',
      customers: customers.data?.items ?? [],
      accounts: accounts.data ?? [],
      // an injected fault on /v1 shows as an empty table rather than a broken page
      transactions: transactions.data?.items ?? [],
      deliveries: deliveries.data ?? [],
      faults: faults.data ?? [],
    };
    return true;
  }

  private readonly handleKey = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const value = new FormData(event.target as HTMLFormElement).get('key');
    const key = typeof value === 'string' ? value.trim() : '';
    if (!key) return;
    this.key = key;
    storeKey(key);
    if (await this.load()) this.say('Connected.');
  };

  private readonly handleForget = (): void => {
    storeKey(null);
    this.key = null;
    this.data = null;
    this.say('The key is forgotten.');
  };

  private readonly handleRefresh = async (): Promise<void> => {
    await this.load();
    this.say('Refreshed.');
  };

  private readonly handleAction = (event: SandboxActionEvent): void => {
    void this.act(event);
  };

  private async act({ action }: SandboxActionEvent): Promise<void> {
    if (!this.key || this.busy) return;
    this.busy = true;
    try {
      const answer = await call(this.key, action.method, action.path, action.body);
      await this.load();
      if (answer.ok) this.say(`${action.label}: done.`);
      else this.say(`${action.label}: refused (${answer.message}).`, true);
    } finally {
      this.busy = false;
    }
  }

  private renderKeyForm() {
    return html`<form class="key" @submit=${this.handleKey}>
      <h2>Connect</h2>
      <p>
        Enter the emulator's full key (sk_sandbox_local unless PAY_SANDBOX_API_KEY says otherwise). It is kept
        in this tab only.
      </p>
      <label>API key <input name="key" type="password" autocomplete="off" required /></label>
      <div><button type="submit">Open the dashboard</button></div>
    </form>`;
  }

  override render() {
    const data = this.data;
    return html`
      <header>
        <h1>pay-sandbox</h1>
        ${
          data
            ? html`<div class="bar">
                <span>Emulator time: <strong>${time(data.now)}</strong></span>
                <button type="button" class="quiet" @click=${this.handleRefresh}>Refresh</button>
                <button type="button" class="quiet" @click=${this.handleForget}>Forget key</button>
              </div>`
            : nothing
        }
      </header>
      <main>
        <div role="status" aria-live="polite" class=${this.noticeBad ? 'bad' : ''}>${this.notice}</div>
        ${
          this.key && data
            ? html`<section aria-labelledby="actions-title">
                  <h2 id="actions-title">Actions</h2>
                  <sandbox-actions .accounts=${data.accounts} .faults=${data.faults}></sandbox-actions>
                </section>
                <section aria-labelledby="state-title">
                  <h2 id="state-title">State</h2>
                  <sandbox-tables
                    .customers=${data.customers}
                    .accounts=${data.accounts}
                    .transactions=${data.transactions}
                    .deliveries=${data.deliveries}
                  ></sandbox-tables>
                </section>`
            : this.key
              ? html`<p>Loading…</p>`
              : this.renderKeyForm()
        }
      </main>
    `;
  }
}
