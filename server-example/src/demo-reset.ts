// POST /demo-api/reset: the emulator back to its seed and the kit with no sessions, together, so that
// every demo order can be paid again (the two live and die together: lifetime.ts).
import { errorAnswer, type Logger } from '@pay-elements/server';
import type { ExampleConfig } from './config.js';
import { json } from './json-and-segment.js';
import type { CurrentKit } from './kit.js';
import type { Provider } from './provider.js';
import { openStore } from './stores.js';

export interface DemoResetOptions {
  config: ExampleConfig;
  provider: Provider;
  kit: CurrentKit;
  /** the store was given by the embedding code: not ours to empty */
  storeGiven: boolean;
  logger: Logger;
}

/** The reset: a new kit on a fresh store; refused with a real provider or a shared store. */
export function demoReset(options: DemoResetOptions): () => Promise<Response> {
  const { config, provider, kit } = options;
  return async () => {
    if (!provider.emulator) return errorAnswer('not_found', 'Only with the emulator.');
    if (options.storeGiven || config.PAY_DATABASE_URL)
      return errorAnswer('conflict', 'The session store is shared, not ours to empty.');
    await provider.emulator.control.reset();
    // the old kit is closed before the fresh store is opened (SQLite: the same file, emptied)
    await kit.replace(() => openStore(config, true, options.logger));
    return json(200, { reset: true });
  };
}
