import * as z from 'zod/mini';
import { pathParameter, viewGet, type RouteDeclaration } from './route-parts.js';

// ── Greetings (the toy of test/build/contributing.test.ts) ──────────────────────────────────
/** A greeting for someone, as the merchant words it. */
export const GreetingView = z.object({
  /** whom it greets */
  name: z.string().check(z.minLength(1), z.maxLength(40)),
  /** what it says: "Hello, Ada" */
  text: z.string(),
});
export type GreetingView = z.infer<typeof GreetingView>;

/** A greeting by whom it greets (route-table.ts gathers every module's routes). */
export const greetingRouteTable = {
  greeting: {
    method: 'GET',
    path: '/greetings/:name',
    summary: 'A greeting, by whom it greets',
    ...viewGet(GreetingView, pathParameter('name', 'Whom it greets.'), 'no such greeting'),
    readme: '200 a greeting in the merchant’s word (the toy of CONTRIBUTING’s test)',
    components: {
      GreetingView: { schema: GreetingView, description: 'A greeting, in the merchant’s word.' },
    },
  },
} as const satisfies Record<string, RouteDeclaration>;
