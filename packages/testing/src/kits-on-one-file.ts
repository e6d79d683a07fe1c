// Test support: several kit instances sharing one SQLite file, as several processes of a shop would,
// on the world's client (the emulator) and clock.
import { createPayHandler, type PayHandler } from '@pay-elements/server';
import type { PayHandlerOptions } from '@pay-elements/server';
import { SqliteStore } from '@pay-elements/server/sqlite';
import type { World } from './kit-world.js';

export function kitsOnOneFile(
  world: World,
  file: string,
  count: number,
  options: Partial<PayHandlerOptions> = {},
): PayHandler[] {
  return Array.from({ length: count }, () =>
    createPayHandler({
      client: world.client,
      clock: world.sandbox.clock,
      store: new SqliteStore(file),
      resolveOrder: (id) => world.orders.get(id) ?? null,
      ...options,
    }),
  );
}
