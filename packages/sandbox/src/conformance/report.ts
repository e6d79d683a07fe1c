// The runner's verdicts: one line per rule as it is decided (`ok <rule>`, `not ok <rule>: <why>`,
// `skip <rule>: <why>`), and the counts at the end. A rule is a function that throws `Broken` with
// the reason (naming the field or header) when the backend breaks it.
import { statusOfErrorCode } from '@pay-elements/protocol';
import { ErrorBody } from '@pay-elements/protocol';
import type { Answer } from './backend.js';
import { viewProblems } from './views.js';

/** A rule the backend broke, and why. */
export class Broken extends Error {
  override readonly name = 'Broken';
}

/** Fails the rule with `why` unless `condition` holds. */
export function expect(condition: unknown, why: string): asserts condition {
  if (!condition) throw new Broken(why);
}

export type Outcome = 'ok' | 'not ok' | 'skip';

export class Report {
  readonly lines: { rule: string; outcome: Outcome; why?: string }[] = [];

  constructor(private readonly print: (line: string) => void) {}

  /**
   * Decides a rule: ok when `check` returns, not ok with its reason when it throws (Broken, or any
   * other error: a backend that could not be reached breaks the rule too). Answers whether it held.
   */
  async rule(rule: string, check: () => unknown): Promise<boolean> {
    try {
      await check();
      this.#add(rule, 'ok');
      return true;
    } catch (error) {
      this.#add(rule, 'not ok', error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  skip(rule: string, why: string): void {
    this.#add(rule, 'skip', why);
  }

  /** Every rule that could not be checked because `rule` failed before it. */
  notChecked(rules: readonly string[], because: string): void {
    for (const rule of rules) this.#add(rule, 'not ok', `not checked: ${because}`);
  }

  get failed(): number {
    return this.lines.filter((l) => l.outcome === 'not ok').length;
  }

  summary(): string {
    const count = (outcome: Outcome) => this.lines.filter((l) => l.outcome === outcome).length;
    const rules = this.lines.length === 1 ? 'rule' : 'rules';
    return `pay-conformance: ${this.lines.length} ${rules}, ${count('ok')} ok, ${count('not ok')} not ok, ${count('skip')} skipped`;
  }

  #add(rule: string, outcome: Outcome, why?: string): void {
    this.lines.push({ rule, outcome, ...(why === undefined ? {} : { why }) });
    this.print(why === undefined ? `${outcome} ${rule}` : `${outcome} ${rule}: ${why}`);
  }
}

/** The answer has `status`, else the rule breaks saying what came instead. */
export function expectStatus(answer: Answer, ...statuses: number[]): void {
  if (statuses.includes(answer.status)) return;
  const body = answer.text.length > 200 ? `${answer.text.slice(0, 200)}…` : answer.text;
  throw new Broken(
    `${answer.what} answered ${answer.status}, not ${statuses.join(' or ')}${body ? `: ${body}` : ''}`,
  );
}

/** A JSON answer (`Content-Type: application/json`) whose body is `schema`'s, its timestamps RFC 3339. */
export function expectView<T>(
  answer: Answer,
  schema: { safeParse(value: unknown): { success: boolean; data?: T } } & Parameters<typeof viewProblems>[0],
  timestamps: readonly string[] = [],
): T {
  const type = answer.headers.get('content-type') ?? '';
  expect(
    /^application\/json\b/i.test(type),
    `${answer.what}: Content-Type is "${type}", not application/json`,
  );
  expect(answer.json !== undefined, `${answer.what}: the body is not JSON`);
  const problems = viewProblems(schema, answer.json, timestamps);
  expect(problems.length === 0, `${answer.what}: ${problems.join('; ')}`);
  return schema.safeParse(answer.json).data as T;
}

/** A failure in the protocol's shape: `status`, a JSON error body with `code`, the code's own status. */
export function expectError(answer: Answer, status: number, code: string): void {
  expectStatus(answer, status);
  const problems = viewProblems(ErrorBody, answer.json);
  expect(
    problems.length === 0,
    `${answer.what} answered ${status} without the error body: ${problems.join('; ')}`,
  );
  const body = ErrorBody.parse(answer.json);
  expect(body.error.code === code, `${answer.what}: "error.code" is "${body.error.code}", not "${code}"`);
  expect(
    statusOfErrorCode[body.error.code] === status,
    `${answer.what}: code ${code} travels with ${statusOfErrorCode[body.error.code]}`,
  );
}
