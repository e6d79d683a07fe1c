// workerd (Cloudflare's runtime) through miniflare, run by node: worker.mjs bundled with esbuild as
// wrangler would, served on PORT with a local D1 database and the settings (STORE, DATABASE_URL…) as
// bindings.
import { builtinModules } from 'node:module';
import process from 'node:process';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { hostname, listening, port } from './shop.mjs';

const env = process.env;
const builtin = new RegExp(`^(node:)?(${builtinModules.join('|')})$`);

/** CommonJS `require('events')` (pg) made an import of `node:events`, as wrangler's bundler does. */
const requireBuiltins = {
  name: 'require-builtins',
  setup(build) {
    build.onResolve({ filter: builtin }, ({ kind, path }) =>
      kind === 'require-call'
        ? { path: path.replace(/^(node:)?/, 'node:'), namespace: 'require-builtin' }
        : { path: path.replace(/^(node:)?/, 'node:'), external: true },
    );
    build.onLoad({ filter: /.*/, namespace: 'require-builtin' }, ({ path }) => ({
      contents: `import builtin from '${path}'; module.exports = builtin;`,
      loader: 'js',
    }));
  },
};
const bundle = await build({
  entryPoints: ['worker.mjs'],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  conditions: ['workerd', 'worker'],
  mainFields: ['module', 'main'],
  // node builtins come from nodejs_compat (requireBuiltins); the SQLite store (a Node addon) that
  // shop.mjs may import and pg's optional native binding are never loaded here
  external: ['cloudflare:*', 'pg-native', '@pay-elements/server/sqlite'],
  plugins: [requireBuiltins],
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
    STORE: env.STORE,
    ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
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
