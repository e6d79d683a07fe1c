// A process of store.test.ts: its own SqliteStore on the shared file, claiming one order as fast as
// it can; prints the outcomes as JSON. Arguments: file, name, number of claims.
import { SqliteStore } from '../store/sqlite.js';

const [file = '', name = 'p', count = '10'] = process.argv.slice(2);
const store = new SqliteStore(file);
const outcomes: string[] = [];
for (let i = 0; i < Number(count); i++) {
  const claimed = await store.sessions.claimOrder('order-race', {
    token: `${name}-${i}`,
    now: 1000 + i,
    staleBefore: 0,
  });
  outcomes.push(claimed.outcome);
}
await store.close();
process.stdout.write(JSON.stringify(outcomes));
