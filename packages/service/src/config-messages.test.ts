// Every variable's problem is said in plain words that name it: never zod's own text (`PAY_SERVICE_KEYS
// Invalid input: expected string, received undefined` was a start-up message), whatever the value;
// and every variable has its row in docs/operations.md's environment table.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ConfigError, readServiceConfig, serviceVariables } from './config.js';

/** What zod writes when a schema gives no message of its own. */
const ZOD_TEXT =
  /Invalid input|Invalid option|Invalid string|expected \w+, received|Too (small|big)|Invalid (url|URL)/;

/** Values wrong for most variables: a word for a number, a negative, a huge number, an odd string. */
const BAD = ['eighty', '-1', '99999999999', '!', 'x'.repeat(300), 'http//', 'a,b'];

function problems(env: Record<string, string>): readonly string[] {
  try {
    readServiceConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

describe('the environment is checked in plain words', () => {
  it('says that PAY_SERVICE_KEYS must be set, and what it is, when it is not', () => {
    const [problem, ...rest] = problems({});
    assert.deepEqual(rest, []);
    assert.match(problem ?? '', /^PAY_SERVICE_KEYS must be set: the keys your servers call \/api with/);
  });

  it('names the variable and says what it expects, in words, for every variable and wrong value', () => {
    const seen: string[] = [];
    for (const name of serviceVariables) {
      for (const value of BAD) {
        const said = problems({ PAY_SERVICE_KEYS: 'k3y-of-the-shop_0123456789abcdefghijXYZ', [name]: value });
        for (const problem of said) {
          seen.push(problem);
          assert.doesNotMatch(problem, ZOD_TEXT, `${name}=${value.slice(0, 20)}`);
          assert.match(problem, /^[A-Z_]+ \S/, 'starts with the variable');
        }
      }
    }
    assert.ok(seen.length > serviceVariables.length, 'the wrong values were found wrong');
  });
});

describe("docs/operations.md's environment table", () => {
  it('has a row for every variable pay-service reads (PAY_SHOP_URL among them)', () => {
    const doc = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
    const table = doc.slice(doc.indexOf('## Environment'));
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    const missing = serviceVariables.filter(
      (name) => !rows.some((row) => row.split(' | ')[0]?.includes(`\`${name}\``)),
    );
    assert.deepEqual(missing, []);
  });
});
