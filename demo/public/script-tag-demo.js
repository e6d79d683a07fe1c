// The script-tag page's own script (public/script-tag.html): no build, no module, no framework.
// It starts a checkout through the backend kit and gives the session id to <pay-dynamic-account>
// as a property, gives <pay-link> a link object, and lists every event the elements fire. The
// package's API is on window.PayElements (the event classes among it).
'use strict';

(() => {
  const byId = (id) => {
    const element = document.getElementById(id);
    if (!element) throw new Error(`missing #${id}`);
    return element;
  };
  const account = byId('account');
  const status = byId('checkout-status');
  const start = byId('start');
  const send = byId('send-transfer');
  const log = byId('event-log');
  const count = byId('event-count');
  let received = 0;

  /** One line for the log: what a merchant's page would read from each event's detail. */
  function summary(event) {
    const detail = event.detail ?? {};
    switch (event.type) {
      case 'pay-status-change':
        return `${detail.previous ?? 'none'} → ${detail.status}`;
      case 'pay-paid':
        return `session ${detail.session?.id}, paid at ${detail.session?.paid_at}`;
      case 'pay-expired':
        return `session ${detail.session?.id}`;
      case 'pay-error':
        return `${detail.code} during ${detail.operation}`;
      case 'pay-copy':
        return `${detail.field} copied`;
      case 'pay-share':
        return detail.url;
      default:
        return '';
    }
  }

  const types = ['pay-status-change', 'pay-paid', 'pay-expired', 'pay-error', 'pay-copy', 'pay-share'];
  for (const type of types) {
    document.addEventListener(type, (event) => {
      received += 1;
      count.textContent = String(received);
      const item = document.createElement('li');
      item.textContent = `${type}: ${summary(event)}`;
      log.prepend(item);
    });
  }

  account.addEventListener('pay-paid', (event) => {
    // the classes are on window.PayElements: `instanceof` tells the typed event
    if (event instanceof window.PayElements.PayPaidEvent) {
      status.textContent = 'Paid: the transfer has arrived. Thank you!';
      send.disabled = true;
    }
  });

  let sandbox = false;
  fetch('/demo-config.json')
    .then((response) => response.json())
    .then((config) => {
      sandbox = config.sandbox === true;
    })
    .catch(() => undefined);

  start.addEventListener('click', async () => {
    start.disabled = true;
    status.textContent = 'Starting a checkout…';
    try {
      const response = await fetch('/pay/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'script-tag' }),
      });
      const session = await response.json();
      if (!response.ok || typeof session.id !== 'string') throw new Error(`status ${response.status}`);
      account.session = session.id; // a property; the `session` attribute works as well
      account.hidden = false;
      status.textContent = `Checkout ${session.id} started: transfer the amount shown.`;
      send.hidden = !sandbox;
      send.disabled = !sandbox;
    } catch {
      status.textContent = 'Could not start a checkout. Try again.';
      start.disabled = false;
    }
  });

  send.addEventListener('click', async () => {
    send.disabled = true;
    const response = await fetch(`/demo-api/sessions/${encodeURIComponent(account.session)}/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (!response.ok) {
      status.textContent = 'The emulator refused the transfer.';
      send.disabled = false;
    }
  });

  // A payment link the page already has (from its own list, say): shown as given, no request.
  byId('link').link = {
    id: 'lnk_script_tag',
    title: 'Script-tag T-shirt',
    description: 'Given to the element as an object from the page’s script.',
    amount: '7500.00',
    currency: 'NGN',
    url: `${location.origin}/pay-link-demo`,
    status: 'active',
    expires_at: null,
    created_at: '2025-01-01T00:00:00Z',
  };
})();
