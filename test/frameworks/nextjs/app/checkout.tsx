'use client';
// The checkout: rendered on the server (the elements are imported there, where there is no window),
// then in the browser it opens the order's session and shows <pay-dynamic-account> until paid.
import { useEffect, useState } from 'react';
import { PayDynamicAccount } from '@pay-elements/elements/react';

async function openSession(orderId: string): Promise<string | null> {
  const response = await fetch('/pay/sessions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId }),
  });
  const body: unknown = await response.json();
  return response.ok &&
    typeof body === 'object' &&
    body !== null &&
    'id' in body &&
    typeof body.id === 'string'
    ? body.id
    : null;
}

export function Checkout({ orderId }: { orderId: string }) {
  const [session, setSession] = useState<string | null>(null);
  const [status, setStatus] = useState('Opening your checkout…');

  useEffect(() => {
    openSession(orderId).then(
      (id) => {
        setSession(id);
        setStatus(id ? 'Transfer the amount to this account.' : 'Could not open a checkout.');
      },
      () => setStatus('Could not open a checkout.'),
    );
  }, [orderId]);

  return (
    <section>
      <p role="status">{status}</p>
      {session && (
        <PayDynamicAccount
          session={session}
          endpoint="/pay"
          onPayPaid={(event) => setStatus(`Paid at ${event.detail.session.paid_at ?? ''}. Thank you!`)}
        />
      )}
    </section>
  );
}
