// A process of sqlite.test.ts: its own SqliteStore on the shared file, racing the others for one
// record's creation (expect 0) and one outbox entry's lease as fast as it can; prints what each of its
// calls answered as JSON. Arguments: file, name, number of tries.
import { SqliteStore } from '../store/sqlite.js';

const [file = '', name = 'p', count = '10'] = process.argv.slice(2);
const store = new SqliteStore(file);
const creates: boolean[] = [];
const leases: boolean[] = [];
for (let i = 0; i < Number(count); i++) {
  creates.push(
    await store.records.commit({
      writes: [{ collection: 'race', key: 'order-race', value: `${name}-${i}`, expect: 0 }],
      owe: [{ topic: 'race', id: `${name}-${i}`, dueAt: 0 }],
    }),
  );
  leases.push(await store.outbox.lease('race', 'entry', 0, { dueAt: 60_000, attempts: 1 }));
}
await store.close();
process.stdout.write(JSON.stringify({ creates, leases }));
