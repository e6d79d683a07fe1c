// The shopper's flows (shopper-flows.ts) in Chromium, Firefox and WebKit: one table, every flow in
// every engine, each engine with a server-example of its own (fresh emulator and sessions) and each
// flow in a fresh profile. The kit checks open sessions every 500 ms here (5 s by default), so that an
// account whose time is up turns "expired" without a long wait.
import { after, before, describe, it } from 'node:test';
import { startServer, type Server } from './harness.js';
import { engines, launch, type EngineBrowser } from './engines.js';
import { flows } from './shopper-flows.js';

for (const engine of engines) {
  describe(`the shopper in ${engine}`, () => {
    let shop: Server;
    let browser: EngineBrowser;
    before(async () => {
      shop = await startServer({ PAY_POLL_INTERVAL_MS: '500' });
      browser = await launch(engine);
    });
    after(async () => {
      await browser?.close();
      await shop?.close();
    });

    for (const flow of flows) {
      it(`${engine}: ${flow.name}`, async () => {
        const tab = await browser.open({ script: flow.script });
        try {
          await flow.run(tab, shop);
        } finally {
          await tab.close();
        }
      });
    }
  });
}
