// The emulator's environment, read once and parsed: a wrong value stops it at start with a message
// naming the variable and what it expects.
import * as z from 'zod';
import { WebhookSecret } from '@pay-elements/api';
import { DEFAULT_HOST, DEFAULT_PORT, type StartOptions } from './server.js';

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be an integer')
  .min(0, 'must be 0 to 65535')
  .max(65_535, 'must be 0 to 65535');

const EnvSchema = z.object({
  PAY_SANDBOX_PORT: port.default(DEFAULT_PORT),
  PAY_SANDBOX_HOST: z.string().min(1, 'must not be empty').default(DEFAULT_HOST),
  PAY_SANDBOX_API_KEY: z.string().min(1, 'must not be empty').optional(),
  PAY_SANDBOX_RESTRICTED_KEY: z.string().min(1, 'must not be empty').optional(),
  PAY_SANDBOX_WEBHOOK_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  PAY_SANDBOX_WEBHOOK_SECRET: WebhookSecret.optional(),
  PAY_SANDBOX_DATA: z.string().min(1, 'must not be empty').optional(),
  PAY_SANDBOX_REVEAL_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .optional(),
  PAY_SANDBOX_RATE_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .optional(),
});

/** The emulator's environment refused: what `pay-sandbox` says on one line before it exits. */
export class SandboxConfigError extends Error {
  override readonly name = 'SandboxConfigError';
}

/** @deprecated since 0.2.0: renamed `SandboxConfigError` (pay-service has its own `ConfigError`); removed in 0.3.0. */
export const ConfigError = SandboxConfigError;
/** @deprecated since 0.2.0: renamed `SandboxConfigError`; removed in 0.3.0. */
export type ConfigError = SandboxConfigError;

/** Start options from `PAY_SANDBOX_*` variables; empty variables count as unset. */
export function sandboxOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): StartOptions & {
  port: number;
  host: string;
} {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new SandboxConfigError(`invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PAY_SANDBOX_PORT,
    host: e.PAY_SANDBOX_HOST,
    ...(e.PAY_SANDBOX_API_KEY && { apiKey: e.PAY_SANDBOX_API_KEY }),
    ...(e.PAY_SANDBOX_RESTRICTED_KEY && { restrictedKey: e.PAY_SANDBOX_RESTRICTED_KEY }),
    ...(e.PAY_SANDBOX_WEBHOOK_URL && { webhookUrl: e.PAY_SANDBOX_WEBHOOK_URL }),
    ...(e.PAY_SANDBOX_WEBHOOK_SECRET && { webhookSecret: e.PAY_SANDBOX_WEBHOOK_SECRET }),
    ...(e.PAY_SANDBOX_REVEAL_LIMIT && { revealLimit: e.PAY_SANDBOX_REVEAL_LIMIT }),
    ...(e.PAY_SANDBOX_RATE_LIMIT && { rateLimit: e.PAY_SANDBOX_RATE_LIMIT }),
    ...(e.PAY_SANDBOX_DATA && { dataFile: e.PAY_SANDBOX_DATA }),
  };
}
