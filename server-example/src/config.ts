// server-example's environment: the variables it shares with the service (@pay-elements/service's
// `commonEnv`: the provider, the store, the listener and its limits, logs, metrics, the stop) and the
// demo's own, read once and parsed with zod. A wrong value stops the start with a message naming the
// variable and what it expects.
import * as z from 'zod';
import { commonChecks, commonEnv, parseEnv } from '@pay-elements/service';

export { ConfigError } from '@pay-elements/service';

const Env = z
  .object({
    ...commonEnv('server-example/data/pay.sqlite'),
    /** the provider customer the demo orders are charged to (real provider mode) */
    PAY_DEMO_CUSTOMER_ID: z.string().min(1).optional(),
    /**
     * the demo customer's BVN, for opening their own accounts (/fund/{token}); with the emulator a demo
     * number when unset; with a real provider those accounts are offered only when it is set
     */
    PAY_DEMO_CUSTOMER_BVN: z
      .string()
      .regex(/^\d{11}$/, 'must be the 11 digits of a BVN')
      .optional(),
    /**
     * the shopper the demo's orders name (with PAY_SMTP_URL, each paid order sends them its receipt
     * email, in the language their browser asks for); none when unset
     */
    PAY_DEMO_SHOPPER_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    /** how long the demo's onPaid takes to fulfil an order (a merchant's would call its systems), ms */
    PAY_DEMO_FULFIL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be at least 0')
      .max(60_000, 'must be at most 60000')
      .default(0),
    /**
     * `1` to serve the demo's links with a real provider: /demo/invoice, /demo/fund and the tokens in
     * /demo-config.json open the demo invoice and the demo customer's accounts to anyone who asks, so
     * they are off with a real provider unless asked for (always on with the emulator)
     */
    PAY_DEMO_ROUTES: z
      .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
      .default('0')
      .transform((value) => value === '1' || value === 'true'),
  })
  .superRefine((env, ctx) => {
    commonChecks(env, ctx);
    if (env.PAY_API_KEY && !env.PAY_DEMO_CUSTOMER_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAY_DEMO_CUSTOMER_ID'],
        message: 'must name the provider customer the demo orders are charged to',
      });
    }
  });

export type ExampleConfig = z.infer<typeof Env>;

/** Parses the environment; empty variables count as unset. */
export function readConfig(env: Readonly<Record<string, string | undefined>>): ExampleConfig {
  return parseEnv(Env, env);
}
