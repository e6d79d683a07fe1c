// workerd (Cloudflare's runtime) through miniflare, run by node: worker.mjs bundled with esbuild as
// wrangler would, served on PORT with a local D1 database and the settings as bindings.
import process from 'node:process';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { hostname, listening, port } from './shop.mjs';

const env = process.env;
const bundle = await build({
  entryPoints: ['worker.mjs'],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  conditions: ['workerd', 'worker', 'import'],
  mainFields: ['module', 'main'],
  // node:* from nodejs_compat; the Node-only stores shop.mjs may import are never loaded here
  external: ['node:*', 'cloudflare:*', '@pay-elements/server/postgres', '@pay-elements/server/sqlite'],
  write: false,
  logLevel: 'error',
});
const mf = new Miniflare({
  modules: true,
  script: bundle.outputFiles[0].text,
  compatibilityDate: '2026-04-01',
  compatibilityFlags: ['nodejs_compat'],
  d1Databases: ['DB'],
  bindings: {
    PAY_BASE_URL: env.PAY_BASE_URL,
    PAY_API_KEY: env.PAY_API_KEY,
    PAY_WEBHOOK_SECRET: env.PAY_WEBHOOK_SECRET,
    CUSTOMER_ID: env.CUSTOMER_ID,
  },
  // GET /cdn-cgi/handler/scheduled fires the cron trigger, as `wrangler dev --test-scheduled` does
  unsafeTriggerHandlers: true,
  host: hostname,
  port,
});
await mf.ready;
const stop = () => void mf.dispose().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
listening('workerd');
