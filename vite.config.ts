// The demo site: a gallery of the elements and the hosted checkout and invoice pages, built into demo/dist and
// served by server-example. `npm run dev -w demo` serves it with hot reload, proxying the kit.
import { resolve } from 'node:path';
import { defaultClientConditions, defineConfig } from 'vite';

const root = resolve(import.meta.dirname, 'demo');

export default defineConfig({
  root,
  publicDir: resolve(root, 'public'),
  // The workspace's packages from their TypeScript source (packages/elements/README.md, "Development").
  resolve: { conditions: ['@pay-elements/source', ...defaultClientConditions] },
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    // No inline <script> or modulepreload polyfill: the pages run under a CSP without 'unsafe-inline'.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        index: resolve(root, 'index.html'),
        checkout: resolve(root, 'checkout.html'),
        invoice: resolve(root, 'invoice.html'),
      },
    },
  },
  server: {
    proxy: {
      '/pay': 'http://127.0.0.1:3000',
      '/demo-api': 'http://127.0.0.1:3000',
      '/demo-config.json': 'http://127.0.0.1:3000',
    },
  },
});
