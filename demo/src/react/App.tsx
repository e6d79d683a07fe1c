// The React page's app: a checkout (the session id as a prop, `onpay-…` listeners), a bank picker
// given its list of banks as an array prop, a payment link given as an object, and a log of the events.
import type {} from '@pay-elements/elements/jsx';
import type { BankEntry, LinkView, PayBankPicker } from '@pay-elements/elements';
import { useEffect, useRef, useState } from 'react';
import {
  createSession,
  sendTransfer,
  type LoggedEvent,
  eventLine,
  sampleBanks,
  sampleLink,
} from '../shared.js';

const banks: readonly BankEntry[] = sampleBanks('React');
const link: LinkView = sampleLink('lnk_react_demo', 'React sticker pack');
/** A time as the visitor reads one, in their language and time zone (as the elements show theirs). */
const paidTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function App() {
  const [session, setSession] = useState<string | null>(null);
  const [status, setStatus] = useState('No checkout yet.');
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const [bank, setBank] = useState('');
  const picker = useRef<PayBankPicker>(null);

  const record = (event: Event) => setEvents((list) => [eventLine(event, list.length + 1), ...list]);

  // the picker's native `change` event (React's own onChange is for form fields it knows)
  useEffect(() => {
    const element = picker.current;
    if (!element) return;
    const onChange = () => setBank(element.value);
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, []);

  async function start() {
    setStatus('Starting a checkout…');
    const id = await createSession('react');
    setSession(id);
    setStatus(id ? `Checkout ${id} started.` : 'Could not start a checkout. Try again.');
  }

  return (
    <>
      <section aria-labelledby="checkout-title" className="card">
        <h2 id="checkout-title">Checkout</h2>
        <div className="row">
          <button type="button" onClick={() => void start()} disabled={session !== null}>
            Start a checkout
          </button>
          {session && (
            <button type="button" onClick={() => void sendTransfer(session)}>
              Send the exact transfer (sandbox)
            </button>
          )}
        </div>
        <p role="status" className="muted">
          {status}
        </p>
        {session && (
          <pay-dynamic-account
            session={session}
            endpoint="/pay"
            showQr
            onpay-status-change={record}
            onpay-paid={(event) => {
              record(event);
              const at = event.detail.session.paid_at;
              setStatus(at ? `Paid at ${paidTime.format(new Date(at))}. Thank you!` : 'Paid. Thank you!');
            }}
            onpay-expired={record}
            onpay-error={record}
            onpay-copy={record}
          />
        )}
      </section>

      <section aria-labelledby="picker-title" className="card">
        <h2 id="picker-title">Bank picker with banks given as a property</h2>
        <p className="muted">
          <code>{'banks={[…]}'}</code>: the picker offers this list and fetches nothing.
        </p>
        <pay-bank-picker ref={picker} banks={banks} label="Bank" name="bank" />
        <p>
          Chosen bank code: <output>{bank || 'none'}</output>
        </p>
      </section>

      <section aria-labelledby="link-title" className="card">
        <h2 id="link-title">A payment link given as an object</h2>
        <pay-link
          link={link}
          onpay-copy={record}
          onpay-share={(event) => {
            event.preventDefault(); // the page shares it its own way
            record(event);
          }}
        />
      </section>

      <section aria-labelledby="events-title" className="card">
        <h2 id="events-title">Events</h2>
        <p>
          Events received: <output id="event-count">{events.length}</output>
        </p>
        <ol className="event-log" tabIndex={0} aria-labelledby="events-title">
          {events.map((event) => (
            <li key={event.key}>{event.text}</li>
          ))}
        </ol>
      </section>
    </>
  );
}
