// The demo gallery: a live checkout with the emulator's buttons, the element in its other states, a
// customer's own accounts, and a log of every event the elements fire.
import '@pay-elements/elements/define/pay-dynamic-account';
import '@pay-elements/elements/define/pay-qr';
import '@pay-elements/elements/define/pay-invoice-view';
import '@pay-elements/elements/define/pay-link';
import '@pay-elements/elements/define/pay-bank-picker';
import '@pay-elements/elements/define/pay-funding-account';
import { elementEvents } from '@pay-elements/elements';
import { demoConfig, missingFundingToken } from './shared.js';

const $ = <T extends HTMLElement>(selector: string) => {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`missing ${selector}`);
  return found;
};

async function postJson(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

function sessionIdOf(json: unknown): string | null {
  if (typeof json === 'object' && json !== null && 'id' in json && typeof json.id === 'string')
    return json.id;
  return null;
}

// Every event of the elements' own (pay-…), from their declarations; not the native input and change,
// which every form field on the page fires too.
const logged = new Set(
  Object.values(elementEvents)
    .flat()
    .filter((type) => type.startsWith('pay-')),
);
const log = $<HTMLOListElement>('#event-log');
for (const type of logged) {
  document.addEventListener(type, (event) => {
    const item = document.createElement('li');
    const detail = 'detail' in event ? JSON.stringify(event.detail) : '';
    item.textContent = `${new Date().toLocaleTimeString()}  ${type}  ${detail}`;
    log.prepend(item);
  });
}

const config = await demoConfig();
// the invoice by its token, as the shop's server would put it in the page (the number opens nothing)
$('#demo-invoice').setAttribute('token', config.invoice.token);
const select = $<HTMLSelectElement>('#order');
const money = (amount: string, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(Number(amount));
for (const order of config.orders) {
  const option = document.createElement('option');
  option.value = order.id;
  option.textContent = `${order.title} — ${money(order.amount, order.currency)}`;
  select.append(option);
}

// The demo customer's own accounts, by the token the server signed for them.
if (typeof config.fundingToken === 'string' && config.fundingToken) {
  const funding = document.createElement('pay-funding-account');
  funding.setAttribute('endpoint', '/pay');
  funding.setAttribute('token', config.fundingToken);
  $('#funding').replaceChildren(funding);
} else {
  $('#funding').replaceChildren(missingFundingToken());
}

let current: string | null = null;
const status = $('#tool-status');
const tools = $('#sandbox-tools');
tools.hidden = !config.sandbox;
const buttons = ['#send-transfer', '#send-wrong', '#move-clock'].map((s) => $<HTMLButtonElement>(s));

$<HTMLFormElement>('#checkout-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void (async () => {
    const { status: code, json } = await postJson('/pay/sessions', { order_id: select.value });
    const id = sessionIdOf(json);
    if (code >= 400 || !id) {
      status.textContent = 'Could not start a checkout.';
      return;
    }
    current = id;
    const element = document.createElement('pay-dynamic-account');
    element.setAttribute('endpoint', '/pay');
    element.setAttribute('session', id);
    element.toggleAttribute('show-qr', true);
    $('#live').replaceChildren(element);
    const link = document.createElement('a');
    link.href = `/checkout/${encodeURIComponent(id)}`;
    link.textContent = 'Open the hosted checkout page for this session';
    $('#hosted-link').replaceChildren(link);
    for (const b of buttons) b.disabled = false;
    status.textContent = '';
  })();
});

async function transfer(amount?: string) {
  if (!current) return;
  const { json } = await postJson(
    `/demo-api/sessions/${encodeURIComponent(current)}/transfer`,
    amount ? { amount } : {},
  );
  const result = json as { sent?: boolean; reason?: string } | null;
  status.textContent = result?.sent
    ? 'Transfer sent by the emulator.'
    : `The bank refused it: ${result?.reason ?? 'unknown reason'}.`;
}
buttons[0]?.addEventListener('click', () => void transfer());
buttons[1]?.addEventListener('click', () => void transfer('1.00'));
buttons[2]?.addEventListener('click', () => {
  void postJson('/demo-api/clock', { minutes: 31 }).then(() => {
    status.textContent = 'The clock moved 31 minutes.';
  });
});

// A paid example: the gallery's own order (never one of the shop's), paid through the emulator the
// first time; later visits get its paid session back (200) and the emulator refuses a second payment.
if (config.sandbox) {
  const { status: code, json } = await postJson('/pay/sessions', { order_id: 'gallery-paid' });
  const id = sessionIdOf(json);
  if (id) {
    if (code === 201) await postJson(`/demo-api/sessions/${encodeURIComponent(id)}/transfer`, {});
    const paid = document.createElement('pay-dynamic-account');
    paid.setAttribute('endpoint', '/pay');
    paid.setAttribute('session', id);
    $('#state-paid').replaceChildren(paid);
  }
}

// Reset the demo: the emulator back to its seed and the kit's sessions gone, together, so that every
// order can be paid again; then the page starts over.
$<HTMLButtonElement>('#reset-demo').addEventListener('click', () => {
  void (async () => {
    status.textContent = 'Resetting the demo…';
    const { status: code } = await postJson('/demo-api/reset', {});
    if (code === 200) location.reload();
    else status.textContent = 'The demo could not be reset.';
  })();
});

// Sandbox buttons outside the live checkout.
for (const element of document.querySelectorAll<HTMLElement>('.sandbox-only'))
  element.hidden = !config.sandbox;
$<HTMLButtonElement>('#pay-invoice').addEventListener('click', () => {
  void postJson('/demo-api/invoices/INV-000101/pay', {});
});
// a transfer into the demo customer's own account, as their bank would send it (the emulator's)
for (const button of document.querySelectorAll<HTMLButtonElement>('.send-deposit')) {
  button.addEventListener('click', () => {
    const { currency, amount } = button.dataset;
    void postJson('/demo-api/funding/deposit', { currency, amount }).then(({ status, json }) => {
      const reason = typeof json === 'object' && json !== null && 'reason' in json ? String(json.reason) : '';
      $('#deposit-status').textContent =
        status === 200
          ? `Sent ${amount} ${currency}: watch it land below.`
          : `Not sent (${status}) ${reason}`;
    });
  });
}

// The bank picker: its country follows the select, its suggestions the account number, and the form
// sends the chosen bank code like any other field.
const picker = $('#bank');
$<HTMLSelectElement>('#country').addEventListener('change', (event) => {
  if (event.target instanceof HTMLSelectElement) picker.setAttribute('country', event.target.value);
});
$<HTMLInputElement>('#account-number').addEventListener('change', (event) => {
  if (event.target instanceof HTMLInputElement)
    picker.setAttribute('account-number', event.target.value.trim());
});
$<HTMLFormElement>('#payout-form').addEventListener('submit', (event) => {
  event.preventDefault();
  if (!(event.target instanceof HTMLFormElement)) return;
  const data = new FormData(event.target);
  const field = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  $('#payout-result').textContent = `Would pay out to bank ${field('bank')} in ${field('country')}.`;
});
