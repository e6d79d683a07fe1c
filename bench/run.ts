// `npm run bench`: every benchmark, figures and ratios against a baseline measured in the same run.
// `npm run bench -- size` runs one; `--quick` shortens the load run to 10 s.
import { bodyBench } from './body.js';
import { firstPaintBench } from './first-paint.js';
import { instancesBench } from './instances.js';
import { loadBench } from './load.js';
import { peakBench } from './peak.js';
import { pollingBench } from './polling.js';
import { pushBench } from './push.js';
import { sizeBench } from './size.js';
import { stateFileBench } from './state-file.js';
import { storeBench } from './store.js';
import { throughputBench } from './throughput.js';

const quick = process.argv.includes('--quick');
const all: Record<string, () => Promise<void>> = {
  size: sizeBench,
  polling: pollingBench,
  push: pushBench,
  throughput: throughputBench,
  body: bodyBench,
  load: () => loadBench({ quick }),
  store: storeBench,
  instances: instancesBench,
  peak: peakBench,
  'first-paint': firstPaintBench,
  'state-file': stateFileBench,
};
const chosen = process.argv.slice(2).filter((name) => name in all);
console.log(`pay-elements benchmarks — Node ${process.version}, ${new Date().toISOString()}`);
for (const name of chosen.length ? chosen : Object.keys(all)) await all[name]?.();
