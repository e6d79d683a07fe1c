// The script-tag demo page (demo/public/script-tag.html) is plain HTML, copied as it is, as a
// merchant would write it: `<script src="/cdn/pay-elements-<version>.iife.js" integrity="…">`. Its
// `integrity` must be the SRI hash of the very file served, which changes with every build of the
// elements; so the page says `integrity="__PAY_SRI__"` and this Vite plugin writes in the value from
// packages/elements/dist/cdn/manifest.json (as a merchant copies it from there), in the build and in
// the dev server. server-example serves the files themselves under /cdn/.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import * as z from 'zod';

export const SRI_PLACEHOLDER = '__PAY_SRI__';

const CdnManifest = z.record(
  z.string(),
  z.object({ integrity: z.string().startsWith('sha384-'), bytes: z.number(), gzip: z.number() }),
);
export type CdnManifest = z.infer<typeof CdnManifest>;

export function readCdnManifest(cdnDir: string): CdnManifest {
  const file = join(cdnDir, 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: build the elements first (npm run build -w @pay-elements/elements; npm start and npm run build do)`,
    );
  }
  return CdnManifest.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * `html` with the SRI placeholder of each `<script src="/cdn/<file>">` replaced by that file's
 * integrity. A placeholder on a script of another origin or of a file the manifest does not list is
 * an error: the page would not load.
 */
export function fillIntegrity(html: string, manifest: CdnManifest): string {
  const filled = html.replace(/<script\b[^>]*>/gi, (tag) => {
    if (!tag.includes(`integrity="${SRI_PLACEHOLDER}"`)) return tag;
    const file = /\ssrc="\/cdn\/([^"/?#]+)"/.exec(tag)?.[1];
    const entry = file ? manifest[file] : undefined;
    if (!file || !entry) {
      throw new Error(`${tag}: no such file in the elements' dist/cdn/manifest.json`);
    }
    return tag.replace(`integrity="${SRI_PLACEHOLDER}"`, `integrity="${entry.integrity}"`);
  });
  if (filled.includes(`integrity="${SRI_PLACEHOLDER}"`)) {
    throw new Error(`integrity="${SRI_PLACEHOLDER}" left outside a <script> tag`);
  }
  return filled;
}

export interface CdnPluginOptions {
  /** packages/elements/dist/cdn */
  cdnDir: string;
  /** the public pages to fill, relative to the public directory: ['script-tag.html'] */
  pages: string[];
}

export function payCdnIntegrity(options: CdnPluginOptions): Plugin {
  let outDir = '';
  let publicDir = '';
  return {
    name: 'pay-cdn-integrity',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    buildStart() {
      // fail early, naming the command, rather than after the bundle is written
      readCdnManifest(options.cdnDir);
    },
    closeBundle() {
      // Vite has copied the public directory into outDir by now
      const manifest = readCdnManifest(options.cdnDir);
      for (const page of options.pages) {
        const file = join(outDir, page);
        if (existsSync(file)) writeFileSync(file, fillIntegrity(readFileSync(file, 'utf8'), manifest));
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const page = options.pages.find((name) => request.url?.split('?')[0] === `/${name}`);
        if (!page) {
          next();
          return;
        }
        const html = fillIntegrity(
          readFileSync(join(publicDir, page), 'utf8'),
          readCdnManifest(options.cdnDir),
        );
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(html);
      });
    },
  };
}
