// Provider calls per minute while 1, 100 and 1,000 simulated browsers poll one session through the
// kit. Each browser asks every 2 s (the widget's first-minute pace) for one simulated minute on the
// emulator's clock; the kit's watcher should ask the provider at the same rate however many ask it.
// Baseline, same run: one browser.
import { createClock } from '@pay-elements/sandbox';
import { MemoryStore } from '@pay-elements/server';
import { startEmulatorAndKit } from '@pay-elements/testing/emulator-and-kit';
import { ratio, table } from './lib.js';

async function providerCallsPerMinute(
  browsers: number,
): Promise<{ calls: number; polls: number; ms: number }> {
  let calls = 0;
  const world = await startEmulatorAndKit({
    clock: createClock({ frozen: true }),
    customer: null,
    // in process, each call counted
    client: (sandbox) => ({
      fetch: (input, init) => {
        calls += 1;
        return sandbox.handle(new Request(input, init));
      },
    }),
    kit: ({ customerId }) => ({
      store: new MemoryStore(),
      resolveOrder: () => ({ amount: '5000.00', currency: 'NGN', customer_id: customerId }),
    }),
  });
  const { clock, kit: pay } = world;
  const created = await pay.fetch(
    new Request('http://kit/pay/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'bench-1' }),
    }),
  );
  const { id } = (await created.json()) as { id: string };
  calls = 0;
  let polls = 0;
  const started = performance.now();
  for (let second = 0; second < 60; second += 2) {
    await Promise.all(
      Array.from({ length: browsers }, async () => {
        const response = await pay.fetch(new Request(`http://kit/pay/sessions/${id}`));
        await response.arrayBuffer();
        polls += 1;
      }),
    );
    clock.advance(2_000);
  }
  const ms = performance.now() - started;
  await world.close();
  return { calls, polls, ms };
}

export async function pollingBench(): Promise<void> {
  const rows = [];
  let baseline = 0;
  for (const browsers of [1, 100, 1_000]) {
    const { calls, polls, ms } = await providerCallsPerMinute(browsers);
    if (browsers === 1) baseline = calls;
    rows.push({
      browsers,
      'status polls': polls,
      'provider calls / min': calls,
      'vs 1 browser': ratio(calls, baseline),
      'wall time': `${ms.toFixed(0)} ms`,
    });
  }
  table(
    'Provider calls per simulated minute, one session polled every 2 s (kit watcher, emulator clock)',
    rows,
  );
}
