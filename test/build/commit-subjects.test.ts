// A log people can read: from the commit that set the rule on, every subject is at most 72
// characters (the detail and the figures go in the body), as `git log --oneline` shows it whole.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The last commit before the rule (round seven's main); every commit after it keeps it. */
const BEFORE_THE_RULE = 'b89ef5b0788419d4199a098346bfb7c14ef6ce63';
const LONGEST = 72;

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

it(`keeps every commit subject since the rule to ${LONGEST} characters`, (t) => {
  if (git('rev-parse', '--is-shallow-repository').trim() === 'true') {
    t.skip('a shallow clone has not the history'); // CI clones whole
    return;
  }
  const subjects = git('log', '--format=%s', `${BEFORE_THE_RULE}..HEAD`).split('\n').filter(Boolean);
  assert.deepEqual(
    subjects.filter((subject) => [...subject].length > LONGEST),
    [],
  );
});
