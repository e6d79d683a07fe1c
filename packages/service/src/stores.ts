// server-example's session store and the in-process emulator's state file, chosen from the
// environment: PostgreSQL for several instances, else a SQLite file (or memory), with the emulator's
// file beside it so that both live as long as each other (lifetime.ts).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MemoryStore, type Logger, type PayStore } from '@pay-elements/server';
import type { CommonConfig } from './config.js';
import { removeSqliteFile } from './lifetime.js';

/**
 * The sessions' store: PostgreSQL when PAY_DATABASE_URL is set (shared by instances, never emptied
 * here), else the SQLite file PAY_DB names; `fresh` empties that first (lifetime.ts).
 */
export async function openStore(
  config: Pick<CommonConfig, 'PAY_DATABASE_URL' | 'PAY_DB'>,
  fresh: boolean,
  logger?: Logger,
): Promise<PayStore> {
  if (config.PAY_DATABASE_URL) {
    const { PostgresStore } = await import('@pay-elements/server/postgres');
    return PostgresStore.open({
      connectionString: config.PAY_DATABASE_URL,
      ...(logger ? { logger } : {}),
    });
  }
  if (config.PAY_DB === ':memory:') return new MemoryStore();
  if (fresh) removeSqliteFile(config.PAY_DB);
  mkdirSync(dirname(config.PAY_DB), { recursive: true });
  const { SqliteStore } = await import('@pay-elements/server/sqlite');
  return new SqliteStore(config.PAY_DB);
}

/** The emulator's state file: the one PAY_SANDBOX_DATA names, else beside a PAY_DB file, else none. */
export function sandboxDataFile(
  config: Pick<CommonConfig, 'PAY_SANDBOX_DATA' | 'PAY_DB'>,
): string | undefined {
  if (config.PAY_SANDBOX_DATA) return config.PAY_SANDBOX_DATA;
  if (config.PAY_DB === ':memory:') return undefined;
  mkdirSync(dirname(config.PAY_DB), { recursive: true });
  return join(dirname(config.PAY_DB), 'sandbox.json');
}
