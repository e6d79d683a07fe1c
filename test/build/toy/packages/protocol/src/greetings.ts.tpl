import * as z from 'zod/mini';

// ── Greetings (the toy of test/build/contributing.test.ts) ──────────────────────────────────
/** A greeting for someone, as the merchant words it. */
export const GreetingView = z.object({
  /** whom it greets */
  name: z.string().check(z.minLength(1), z.maxLength(40)),
  /** what it says: "Hello, Ada" */
  text: z.string(),
});
export type GreetingView = z.infer<typeof GreetingView>;
