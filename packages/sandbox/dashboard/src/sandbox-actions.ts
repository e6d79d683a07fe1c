// The forms that drive the emulator: an inbound transfer (the exact amount or any other), moving the
// clock, injecting or clearing a fault, limiting the provider's rate (the rate_limit scenario), and reset. Each sends a SandboxActionEvent up.
import { html, LitElement, css, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { SandboxActionEvent, type SandboxAction } from './action-event.js';
import { money } from './format.js';
import { base } from './styles.js';
import type { Account, Fault } from './types.js';

export class SandboxActions extends LitElement {
  static override styles = [
    base,
    css`
      :host {
        display: grid;
        gap: 1rem;
        grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
      }
      form {
        display: grid;
        min-width: 0;
        gap: 0.5rem;
        align-content: start;
        padding: 0.75rem;
        border: 1px solid var(--line);
        border-radius: 8px;
        background: var(--panel);
      }
      h3 {
        margin: 0;
        font-size: 1rem;
      }
      label {
        display: grid;
        gap: 0.15rem;
        min-width: 0;
        color: var(--muted);
      }
      label input,
      label select {
        width: 100%;
      }
      .row {
        display: flex;
        gap: 0.5rem;
        flex-wrap: wrap;
      }
      ul {
        margin: 0;
        padding-inline-start: 1.1rem;
      }
    `,
  ];

  /** the accounts a transfer can go to */
  @property({ attribute: false }) accounts: Account[] = [];
  /** the faults in force */
  @property({ attribute: false }) faults: Fault[] = [];

  private send(action: SandboxAction): void {
    this.dispatchEvent(new SandboxActionEvent(action));
  }

  private field(form: HTMLFormElement, name: string): string {
    const value = new FormData(form).get(name);
    return typeof value === 'string' ? value.trim() : '';
  }

  private readonly handleAccountChange = (event: Event): void => {
    const select = event.target as HTMLSelectElement;
    const account = this.accounts.find((a) => a.account_number === select.value);
    const amount = select.form?.elements.namedItem('amount');
    if (account?.amount && amount instanceof HTMLInputElement) amount.value = account.amount;
  };

  private readonly handleTransfer = (event: SubmitEvent): void => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const account_number = this.field(form, 'account');
    const amount = Number(this.field(form, 'amount'));
    const account = this.accounts.find((a) => a.account_number === account_number);
    this.send({
      label: `Send ${account ? money(amount, account.currency) : amount} to ${account_number}`,
      method: 'POST',
      path: '/_sandbox/transfers',
      body: { account_number, amount },
    });
  };

  private readonly handleClock = (event: SubmitEvent): void => {
    event.preventDefault();
    const minutes = Number(this.field(event.target as HTMLFormElement, 'minutes'));
    this.send({
      label: `Move the clock ${minutes} minutes`,
      method: 'POST',
      path: '/_sandbox/clock',
      body: { advance_minutes: minutes },
    });
  };

  private readonly handleFault = (event: SubmitEvent): void => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const path_prefix = this.field(form, 'path');
    const status = Number(this.field(form, 'status'));
    const times = this.field(form, 'times');
    this.send({
      label: `Answer ${status} on ${path_prefix}`,
      method: 'POST',
      path: '/_sandbox/faults',
      body: { path_prefix, status, ...(times ? { times: Number(times) } : {}) },
    });
  };

  private readonly handleRateLimit = (event: SubmitEvent): void => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const per_second = Number(this.field(form, 'per_second'));
    const minutes = Number(this.field(form, 'minutes'));
    this.send({
      label: `Limit /v1 to ${per_second} requests a second for ${minutes} minutes`,
      method: 'POST',
      path: '/_sandbox/scenarios/rate_limit',
      body: { per_second, minutes },
    });
  };

  private readonly handleClearFaults = (): void => {
    this.send({ label: 'Clear faults', method: 'DELETE', path: '/_sandbox/faults' });
  };

  private readonly handleReset = (event: SubmitEvent): void => {
    event.preventDefault();
    this.send({ label: 'Reset to the seed', method: 'POST', path: '/_sandbox/reset' });
  };

  override render() {
    const payable = this.accounts.filter((a) => a.state === 'open' || a.state === 'permanent');
    return html`
      <form @submit=${this.handleTransfer} aria-labelledby="transfer-title">
        <h3 id="transfer-title">Send a bank transfer</h3>
        <label
          >To account
          <select name="account" required @change=${this.handleAccountChange}>
            <option value="">Choose an account</option>
            ${payable.map(
              (a) =>
                html`<option value=${a.account_number}>
                  ${a.account_number} · ${a.bank_name} ·
                  ${a.account_name}${a.amount ? ` · ${money(a.amount, a.currency)}` : ` · any ${a.currency}`}
                </option>`,
            )}
          </select>
        </label>
        <label>Amount <input name="amount" type="number" min="0.01" step="0.01" required /></label>
        <div class="row"><button type="submit">Send transfer</button></div>
      </form>

      <form @submit=${this.handleClock} aria-labelledby="clock-title">
        <h3 id="clock-title">Move the clock</h3>
        <label
          >Minutes forward <input name="minutes" type="number" min="1" step="1" value="30" required
        /></label>
        <div class="row"><button type="submit">Move the clock</button></div>
      </form>

      <form @submit=${this.handleFault} aria-labelledby="fault-title">
        <h3 id="fault-title">Inject a fault</h3>
        <label>Path prefix <input name="path" value="/v1" required pattern="/v1.*" /></label>
        <label>Status <input name="status" type="number" min="400" max="599" value="503" required /></label>
        <label>Times (empty: until cleared) <input name="times" type="number" min="1" step="1" /></label>
        <div class="row">
          <button type="submit">Inject fault</button>
          <button type="button" class="quiet" @click=${this.handleClearFaults}>Clear faults</button>
        </div>
        ${
          this.faults.length
            ? html`<ul aria-label="Faults in force">
                ${this.faults.map(
                  (f) =>
                    html`<li>
                      ${f.method ?? 'any'} ${f.path_prefix} →
                      ${f.status ?? 'delay'}${f.times ? ` (${f.times} left)` : ''}
                    </li>`,
                )}
              </ul>`
            : nothing
        }
      </form>

      <form @submit=${this.handleRateLimit} aria-labelledby="rate-title">
        <h3 id="rate-title">Limit the rate</h3>
        <p>Past the limit, /v1 answers 429 with Retry-After (the rate_limit scenario).</p>
        <label
          >Requests a second per key
          <input name="per_second" type="number" min="1" step="1" value="5" required
        /></label>
        <label>For minutes <input name="minutes" type="number" min="1" step="1" value="10" required /></label>
        <div class="row"><button type="submit">Limit the rate</button></div>
      </form>

      <form @submit=${this.handleReset} aria-labelledby="reset-title">
        <h3 id="reset-title">Start again</h3>
        <p>Back to the seed data; clears faults and the delivery log.</p>
        <div class="row"><button type="submit">Reset</button></div>
      </form>
    `;
  }
}
