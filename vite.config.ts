// The demo site: a gallery of the elements and the hosted checkout and invoice pages, built into demo/dist and
// served by server-example. `npm run dev -w demo` serves it with hot reload, proxying the kit.
// Also: React 19 and Vue 3 pages, a theme gallery, a language switcher, the component reference (made
// from the elements' custom-elements.json) and a plain script-tag page (public/, SRI filled in from
// the elements' dist/cdn/manifest.json): these need the elements built first (`npm run build` does it).
import { resolve } from 'node:path';
import { defaultClientConditions, defineConfig } from 'vite';
import { payCdnIntegrity } from './demo/src/build/cdn.js';
import { hostedChunks } from './demo/src/build/chunks.js';
import { payPreloads } from './demo/src/build/preload.js';
import { payReference } from './demo/src/build/reference.js';

const root = resolve(import.meta.dirname, 'demo');
const elementsDir = resolve(import.meta.dirname, 'packages/elements');

// The hosted pages' elements: each in a chunk of its own with the status stream's code it loads after
// its first answer, beside one chunk of what they share and one of the stream code the checkout's script
// runs first (chunks.ts); each page preloads them (preload.ts).
const hostedElements = {
  'checkout.html': {
    name: 'pay-dynamic-account',
    define: 'packages/elements/src/define/pay-dynamic-account.ts',
    later: [
      'packages/elements/src/controllers/session-stream-connection.ts',
      // the paid and expired states, "I've sent the money" and "Pay for me" (loaded after the first answer)
      'packages/elements/src/components/dynamic-account/dynamic-account.later.ts',
    ],
  },
  'invoice.html': {
    name: 'pay-invoice-view',
    define: 'packages/elements/src/define/pay-invoice-view.ts',
    later: ['packages/elements/src/lib/view-stream.ts'],
  },
  'fund.html': {
    name: 'pay-funding-account',
    define: 'packages/elements/src/define/pay-funding-account.ts',
    later: ['packages/elements/src/lib/view-stream.ts'],
  },
};
const hosted = hostedChunks({
  repoRoot: import.meta.dirname,
  elements: Object.values(hostedElements),
  // the checkout opens its session's stream as its entry runs (demo/src/checkout.ts)
  early: { name: 'hosted-stream', module: 'packages/elements/src/stream.ts' },
});

export default defineConfig({
  root,
  publicDir: resolve(root, 'public'),
  // The workspace's packages from their TypeScript source (packages/elements/README.md, "Development").
  resolve: { conditions: ['@pay-elements/source', ...defaultClientConditions] },
  // .tsx of the React page: React 19's automatic JSX runtime (Vite 8 compiles it with Oxc, no plugin)
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  // Vue's compile-time flags (set by @vitejs/plugin-vue, which the render-function page does without)
  define: {
    __VUE_OPTIONS_API__: 'false',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  },
  plugins: [
    payCdnIntegrity({ cdnDir: resolve(elementsDir, 'dist/cdn'), pages: ['script-tag.html'] }),
    payReference({ elementsDir }),
    hosted.plugin,
    payPreloads({
      repoRoot: import.meta.dirname,
      pages: Object.fromEntries(
        Object.entries(hostedElements).map(([page, { define, later }]) => [page, [define, ...later]]),
      ),
    }),
  ],
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    // No inline <script> or modulepreload polyfill: the pages run under a CSP without 'unsafe-inline'.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      output: { codeSplitting: { groups: hosted.groups } },
      input: {
        index: resolve(root, 'index.html'),
        checkout: resolve(root, 'checkout.html'),
        invoice: resolve(root, 'invoice.html'),
        fund: resolve(root, 'fund.html'),
        // served under a nonce-based CSP with Trusted Types by server-example's /locked-down/ pages
        'locked-down': resolve(root, 'locked-down.html'),
        react: resolve(root, 'react.html'),
        vue: resolve(root, 'vue.html'),
        themes: resolve(root, 'themes.html'),
        languages: resolve(root, 'languages.html'),
        reference: resolve(root, 'reference.html'),
      },
    },
  },
  server: {
    proxy: {
      '/pay': 'http://127.0.0.1:3000',
      '/demo-api': 'http://127.0.0.1:3000',
      '/demo-config.json': 'http://127.0.0.1:3000',
      '/cdn': 'http://127.0.0.1:3000',
    },
  },
});
