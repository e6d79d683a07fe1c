// Provider calls per minute while 1, 100 and 1,000 simulated browsers poll one session through the
// kit. Each browser asks every 2 s (the widget's first-minute pace) for one simulated minute on the
// emulator's clock; the kit's watcher should ask the provider at the same rate however many ask it.
// Baseline, same run: one browser.
import { PayClient } from '@pay-elements/api';
import { createClock, startSandbox, DEFAULT_API_KEY } from '@pay-elements/sandbox';
import { createPayHandler, MemoryStore } from '@pay-elements/server';
import { ratio, table } from './lib.js';

async function providerCallsPerMinute(
  browsers: number,
): Promise<{ calls: number; polls: number; ms: number }> {
  const clock = createClock({ frozen: true });
  const sandbox = await startSandbox({ port: 0, clock });
  let calls = 0;
  const client = new PayClient({
    apiKey: DEFAULT_API_KEY,
    baseUrl: sandbox.url,
    fetch: (input, init) => {
      calls += 1;
      return sandbox.handle(new Request(input, init));
    },
  });
  const pay = createPayHandler({
    client,
    store: new MemoryStore(),
    clock,
    resolveOrder: () => ({ amount: '5000.00', currency: 'NGN', customer_id: 'cus_ada_okafor' }),
  });
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
  await pay.close();
  await sandbox.close();
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
