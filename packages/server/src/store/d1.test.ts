// The store conformance suite on D1Store against miniflare's local D1 (workerd's own SQLite), from
// Node: each `connect` is a fresh Miniflare with its own empty database, the binding taken `count`
// times (one D1Store per binding object, as separate isolates would hold).
import { after } from 'node:test';
import { Miniflare } from 'miniflare';
import { D1Store } from './d1.js';
import { isD1 } from '../testing/d1.js';
import { storeConformance } from '../testing/store-conformance.js';

const runtimes: Miniflare[] = [];
after(async () => {
  for (const mf of runtimes) await mf.dispose();
});

storeConformance('D1Store (miniflare’s local D1)', {
  async connect(count) {
    const mf = new Miniflare({ modules: true, script: 'export default {}', d1Databases: ['DB'] });
    runtimes.push(mf);
    const stores: D1Store[] = [];
    for (let i = 0; i < count; i++) {
      const db: unknown = await mf.getD1Database('DB');
      if (!isD1(db)) throw new Error('miniflare gave no D1 binding');
      stores.push(i === 0 ? await D1Store.open(db) : new D1Store(db));
    }
    return stores;
  },
});
