// Named scenarios for merchants' own tests: `POST /_sandbox/scenarios/{name}` arranges what happens
// next (webhooks duplicated, late or out of order; the provider down for a while), so a test can
// prove its integration survives each without knowing how the emulator does it.
import * as z from 'zod';
import { MINUTE } from './clock.js';
import { param, type RequestContext, type Route } from './context.js';
import { ScenarioNames, type ScenarioName } from './control-schemas.js';
import { ok, SandboxFailure } from './responses.js';
import { parseInput } from './validate.js';

interface Scenario {
  description: string;
  body: z.ZodType<Record<string, number>>;
  start(ctx: RequestContext, body: Record<string, number>): Record<string, unknown>;
}

/** The most copies duplicate_webhook sends of one event. */
export const MAX_WEBHOOK_COPIES = 10;

const count = (min: number, max: number, fallback: number) =>
  z.number().int().min(min).max(max).default(fallback);

const table: Record<ScenarioName, Scenario> = {
  duplicate_webhook: {
    description: 'the next event is delivered `copies` times (default 2), with the same webhook-id and body',
    body: z.object({ copies: count(2, MAX_WEBHOOK_COPIES, 2) }),
    start(ctx, { copies = 2 }) {
      ctx.webhooks.arrange({ duplicates: copies - 1 });
      return { copies };
    },
  },
  late_webhook: {
    description:
      'the next event is first sent `delay_minutes` (default 30) later on the emulator clock; move the clock to deliver it',
    body: z.object({ delay_minutes: count(1, 10_080, 30) }),
    start(ctx, { delay_minutes = 30 }) {
      ctx.webhooks.arrange({ delayMs: delay_minutes * MINUTE });
      return { delay_minutes };
    },
  },
  out_of_order_webhooks: {
    description:
      'the next `count` events (default 2) are held, then delivered newest first, one after another',
    body: z.object({ count: count(2, 10, 2) }),
    start(ctx, { count = 2 }) {
      ctx.webhooks.arrange({ reorder: count });
      return { count };
    },
  },
  provider_outage: {
    description:
      'every /v1 request answers 503 service unavailable (Retry-After: 1) for `minutes` (default 10) of emulator time',
    body: z.object({ minutes: count(1, 10_080, 10) }),
    start(ctx, { minutes = 10 }) {
      const until = ctx.clock.now() + minutes * MINUTE;
      ctx.faults.add({ path_prefix: '/v1', status: 503, until });
      return { minutes, until: new Date(until).toISOString() };
    },
  },
  rate_limit: {
    description:
      'every key may make `per_second` /v1 requests a second (default 5), past which 429 with Retry-After, for `minutes` (default 10) of emulator time',
    body: z.object({ per_second: count(1, 10_000, 5), minutes: count(1, 10_080, 10) }),
    start(ctx, { per_second = 5, minutes = 10 }) {
      const until = ctx.clock.now() + minutes * MINUTE;
      ctx.rateLimit.set(per_second, until);
      return { per_second, minutes, until: new Date(until).toISOString() };
    },
  },
};

export const scenarios = ScenarioNames.map((name) => ({ name, ...table[name] }));

export const scenarioRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_sandbox/scenarios',
    handle: () => ok(scenarios.map(({ name, description }) => ({ name, description }))),
  },
  {
    method: 'POST',
    path: '/_sandbox/scenarios/:name',
    body: true,
    handle: (ctx) => {
      const name = param(ctx, 'name');
      const scenario = scenarios.find((s) => s.name === name);
      if (!scenario)
        throw new SandboxFailure(
          404,
          `scenario was not found; known: ${scenarios.map((s) => s.name).join(', ')}`,
        );
      return ok({ name, ...scenario.start(ctx, parseInput(scenario.body, ctx.body)) });
    },
  },
];
