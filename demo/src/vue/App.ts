// The Vue page's app, with render functions (`h`): Vue's runtime-only build needs no template compiler,
// which would need 'unsafe-eval'. (With single-file components, precompiled by @vitejs/plugin-vue,
// the same is `<pay-bank-picker :banks="banks" @change="…" />` with `isCustomElement` set for `pay-`.)
import type {} from '@pay-elements/elements/vue';
import { defineComponent, h, ref } from 'vue';
import {
  createSession,
  eventLine,
  sampleBanks,
  sampleLink,
  sendTransfer,
  type LoggedEvent,
} from '../shared.js';

export const App = defineComponent({
  name: 'PayElementsVueDemo',
  setup() {
    const session = ref<string | null>(null);
    const status = ref('No checkout yet.');
    const events = ref<LoggedEvent[]>([]);
    const bank = ref('');
    const banks = sampleBanks('Vue');
    const link = sampleLink('lnk_vue_demo', 'Vue sticker pack');

    const record = (event: Event) => {
      events.value = [eventLine(event, events.value.length + 1), ...events.value];
    };

    async function start() {
      status.value = 'Starting a checkout…';
      const id = await createSession('vue');
      session.value = id;
      status.value = id ? `Checkout ${id} started.` : 'Could not start a checkout. Try again.';
    }

    return () => [
      h('section', { class: 'card', 'aria-labelledby': 'checkout-title' }, [
        h('h2', { id: 'checkout-title' }, 'Checkout'),
        h('div', { class: 'row' }, [
          h(
            'button',
            { type: 'button', disabled: session.value !== null, onClick: () => void start() },
            'Start a checkout',
          ),
          session.value &&
            h(
              'button',
              { type: 'button', onClick: () => session.value && void sendTransfer(session.value) },
              'Send the exact transfer (sandbox)',
            ),
        ]),
        h('p', { role: 'status', class: 'muted' }, status.value),
        session.value &&
          h('pay-dynamic-account', {
            session: session.value,
            endpoint: '/pay',
            showQr: true,
            onPayStatusChange: record,
            onPayPaid: (event: Event) => {
              record(event);
              status.value = 'Paid: the transfer has arrived. Thank you!';
            },
            onPayExpired: record,
            onPayError: record,
            onPayCopy: record,
          }),
      ]),
      h('section', { class: 'card', 'aria-labelledby': 'picker-title' }, [
        h('h2', { id: 'picker-title' }, 'Bank picker with banks given as a property'),
        h('p', { class: 'muted' }, [
          h('code', ':banks="banks"'),
          ': the picker offers this list and fetches nothing.',
        ]),
        h('pay-bank-picker', {
          banks,
          label: 'Bank',
          name: 'bank',
          // the picker's native change event (`@change` in a template)
          onChange: (event: Event) => {
            if (event.target instanceof HTMLElement && 'value' in event.target)
              bank.value = String(event.target.value);
          },
        }),
        h('p', ['Chosen bank code: ', h('output', bank.value || 'none')]),
      ]),
      h('section', { class: 'card', 'aria-labelledby': 'link-title' }, [
        h('h2', { id: 'link-title' }, 'A payment link given as an object'),
        h('pay-link', {
          link,
          onPayCopy: record,
          onPayShare: (event: Event) => {
            event.preventDefault(); // the page shares it its own way
            record(event);
          },
        }),
      ]),
      h('section', { class: 'card', 'aria-labelledby': 'events-title' }, [
        h('h2', { id: 'events-title' }, 'Events'),
        h('p', ['Events received: ', h('output', { id: 'event-count' }, String(events.value.length))]),
        h(
          'ol',
          { class: 'event-log', tabindex: 0, 'aria-labelledby': 'events-title' },
          events.value.map((event) => h('li', { key: event.key }, event.text)),
        ),
      ]),
    ];
  },
});
