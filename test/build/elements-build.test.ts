// What @pay-elements/elements publishes, as its own build script makes it (`node
// packages/elements/scripts/build.mjs`, what `npm run build -w @pay-elements/elements` runs): the
// run's build when `npm test` has built it (PAY_TEST_BUILT=1, the build stage's packages/elements/dist,
// read as it is), else a build of this file's own into a temporary folder (`--out <tmp>`). Every file is there, the CDN manifest's SRI hashes are the files',
// the bundles load as a page loads them (twice too), custom-elements.json describes every element,
// package.json's exports and sideEffects point at real files, and the built CSS is minified yet the
// same rules as the source's. The elements are found by listing src/define/*.ts, as the build does.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';
import * as z from 'zod';
import { elementEvents } from '@pay-elements/elements';

const pkgDir = resolve(import.meta.dirname, '../../packages/elements');
const PackageJson = z.object({
  version: z.string(),
  // a condition's target is a path, or (`types`) the source condition nested before the built path
  exports: z.record(
    z.string(),
    z.union([z.string(), z.record(z.string(), z.union([z.string(), z.record(z.string(), z.string())]))]),
  ),
  sideEffects: z.array(z.string()),
  customElements: z.string(),
  dependencies: z.record(z.string(), z.string()),
  peerDependencies: z.record(z.string(), z.string()),
});
const pkg = PackageJson.parse(JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')));

/** The elements, from their declarations (components/<name>/<name>.element.ts, in elements.json). */
const declared = z
  .array(z.object({ tag: z.string(), folder: z.string() }))
  .parse(JSON.parse(readFileSync(join(pkgDir, 'elements.json'), 'utf8')));
const tags = declared.map(({ tag }) => tag).sort();

/** Each element's part of a language's table (`i18n/<code>/<folder>.ts`, one export), by tag. */
async function tablesOf(code: 'en' | 'fr'): Promise<Record<string, object>> {
  const tables: Record<string, object> = {};
  for (const { tag, folder } of declared) {
    const parts = z
      .record(z.string(), z.object({}).passthrough())
      .parse(await import(`@pay-elements/elements/i18n/${code}/${folder}`));
    const [table, ...others] = Object.values(parts);
    assert.ok(table && others.length === 0, `i18n/${code}/${folder}.ts exports one table`);
    tables[tag] = table;
  }
  return tables;
}

/** Whether the run built the package (`npm test`'s build stage): its dist/ is read, not built again. */
const built = process.env['PAY_TEST_BUILT'] === '1';
/** The build's folder (dist/ and custom-elements.json in it): the package's own, or a temporary one. */
let out = '';
/** This file's own temporary folder, for what it writes. */
let scratch = '';
let dist = '';
let cdn = '';
const read = (path: string): string => readFileSync(path, 'utf8');

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'pay-elements-build-'));
  out = built ? pkgDir : scratch;
  dist = join(out, 'dist');
  cdn = join(dist, 'cdn');
  if (built) return;
  await promisify(execFile)(process.execPath, [join(pkgDir, 'scripts/build.mjs'), '--out', out], {
    timeout: 60_000,
  });
  // the built modules import lit, react, vue…: let them find the repository's node_modules
  symlinkSync(join(pkgDir, '../../node_modules'), join(out, 'node_modules'), 'dir');
});
after(() => rmSync(scratch, { recursive: true, force: true }));

it('finds a define module for each declared element, and no other', () => {
  const defines = readdirSync(join(pkgDir, 'src/define'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts'))
    .map((name) => name.slice(0, -'.ts'.length))
    .sort();
  assert.deepEqual(defines, tags);
  assert.ok(tags.includes('pay-dynamic-account') && tags.includes('pay-qr'), tags.join(' '));
});

describe('npm modules', () => {
  it('has a module and its declarations for the index, each define module, the React wrappers and the typings', () => {
    const expected = [
      'index',
      'react/index',
      ...tags.map((tag) => `define/${tag}`),
      ...['jsx', 'vue', 'preact', 'solid', 'svelte'].map((name) => `types/${name}`),
    ];
    for (const name of expected) {
      assert.ok(existsSync(join(dist, `${name}.js`)), `dist/${name}.js`);
      assert.ok(existsSync(join(dist, `${name}.d.ts`)), `dist/${name}.d.ts`);
    }
  });

  it('leaves the tests and test helpers out', () => {
    const files = walk(dist);
    assert.deepEqual(
      files.filter((file) => file.includes('.test.') || file.startsWith('test/')),
      [],
    );
  });

  it('keeps its imports bare (unbundled) and imports only its declared dependencies', async () => {
    const bare = new Set<string>();
    const entryPoints = ['index.js', 'react/index.js', ...tags.map((tag) => `define/${tag}.js`)];
    await build({
      entryPoints: entryPoints.map((file) => join(dist, file)),
      bundle: true,
      write: false,
      outdir: join(scratch, 'scan'),
      logLevel: 'silent',
      plugins: [
        {
          name: 'record-bare-imports',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, ({ path }) => {
              bare.add(path);
              return { path, external: true };
            });
          },
        },
      ],
    });
    const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)]);
    const packageOf = (specifier: string): string =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
    assert.ok(
      bare.has('lit') && bare.has('@pay-elements/protocol/guards') && bare.has('react'),
      [...bare].join(' '),
    );
    assert.deepEqual(
      [...bare].filter((specifier) => !declared.has(packageOf(specifier))),
      [],
    );
    // no validator reaches the browser: the elements check answers with the protocol's guards
    assert.deepEqual(
      [...bare].filter((specifier) => specifier === '@pay-elements/protocol' || /^zod(\/|$)/.test(specifier)),
      [],
    );
    // the QR encoder stays lazy in the npm modules too
    assert.match(read(join(dist, 'components/qr/qr.js')), /await import\('qrcode'\)/);
  });

  it('gives each element’s first load the English of the elements it shows, and no other element’s', async () => {
    const english = await tablesOf('en');
    assert.deepEqual(Object.keys(english).sort(), tags);
    const own = ownTexts(english);
    for (const tag of tags) {
      const result = await build({
        entryPoints: [join(dist, `define/${tag}.js`)],
        bundle: true,
        minify: true,
        format: 'esm',
        write: false,
        metafile: true,
        external: ['qrcode'],
        conditions: ['@pay-elements/source'],
        nodePaths: [join(pkgDir, '../../node_modules')],
        logLevel: 'silent',
      });
      const code = result.outputFiles[0]?.text ?? '';
      const inputs = Object.keys(result.metafile.inputs);
      // an element shown is bundled by its define module, or by its class when loaded lazily (<pay-qr>)
      const shown = tags.filter((t) =>
        inputs.some(
          (input) =>
            input.endsWith(`define/${t}.js`) || input.endsWith(`components/${t.slice(4)}/${t.slice(4)}.js`),
        ),
      );
      assert.ok(shown.includes(tag));
      for (const other of tags) {
        const texts = own.get(other) ?? [];
        assert.ok(texts.length > 0, `${other} has text of its own`);
        for (const text of texts)
          assert.equal(
            code.includes(`"${text}"`),
            shown.includes(other),
            `${tag} carries “${text}” (${other})`,
          );
      }
    }
  });
});

describe('built CSS', () => {
  /** The CSS of a styles module's export: a css`` result, or an array of them (as `static styles` takes). */
  const cssOf = (value: unknown): string =>
    Array.isArray(value)
      ? value.map(cssOf).join('')
      : value && typeof value === 'object' && 'cssText' in value && typeof value.cssText === 'string'
        ? value.cssText
        : '';
  /** One spelling of the same rules, so that a source and its build compare: esbuild's minified form. */
  const normal = async (text: string): Promise<string> => {
    // bare declarations (`focusRing`) are read inside a rule
    const sheet = text.includes('{') ? text : `:root{${text}}`;
    const { code, warnings } = await transform(sheet, { loader: 'css', minify: true });
    assert.deepEqual(warnings, [], sheet);
    return code;
  };
  /** A module's exports, by name. */
  const Module = z.record(z.string(), z.unknown());
  const stylesModules = (): string[] => walk(join(dist)).filter((file) => file.endsWith('.styles.js'));

  it('finds the styles of every element and the shared ones', () => {
    const files = stylesModules();
    for (const name of ['bank-picker', 'dynamic-account', 'funding-account', 'invoice-view', 'link', 'qr']) {
      assert.ok(files.includes(`components/${name}/${name}.styles.js`), files.join(' '));
    }
    assert.ok(files.includes('styles/tokens.styles.js') && files.includes('styles/shared/card.styles.js'));
  });

  it('is minified in every css`` template of dist: no comment, no line break, no run of spaces', () => {
    for (const file of walk(dist).filter((name) => name.endsWith('.js'))) {
      const code = read(join(dist, file));
      for (const [, template] of code.matchAll(/\bcss ?`([^`]*)`/g)) {
        assert.doesNotMatch(template ?? '', /\/\*|\n|\s{2}/, `${file}: ${template}`);
      }
    }
  });

  it('has the same rules, export by export, as the source’s css`` templates', async () => {
    for (const file of stylesModules()) {
      const built = Module.parse(await import(pathToFileURL(join(dist, file)).href));
      const source = Module.parse(
        await import(pathToFileURL(join(pkgDir, 'src', file.replace(/\.js$/, '.ts'))).href),
      );
      assert.ok(Object.keys(source).length > 0, `${file} exports its styles`);
      assert.deepEqual(Object.keys(built).sort(), Object.keys(source).sort(), file);
      for (const [name, value] of Object.entries(source)) {
        const sourceCss = cssOf(value);
        assert.ok(sourceCss.length > 0, `${file} ${name}`);
        assert.ok(cssOf(built[name]).length < sourceCss.length, `${file} ${name} is smaller`);
        assert.equal(await normal(cssOf(built[name])), await normal(sourceCss), `${file} ${name}`);
      }
    }
  });
});

describe('CDN files', () => {
  const ManifestEntry = z.object({
    integrity: z.string().regex(/^sha384-[A-Za-z0-9+/]{64}$/),
    bytes: z.number(),
    gzip: z.number(),
  });
  const manifest = (): Record<string, z.infer<typeof ManifestEntry>> =>
    z.record(z.string(), ManifestEntry).parse(JSON.parse(read(join(cdn, 'manifest.json'))));
  const esmName = `pay-elements-${pkg.version}.js`;
  const iifeName = `pay-elements-${pkg.version}.iife.js`;
  const qrName = (): string => {
    const names = readdirSync(cdn).filter((name) => /^qr-[0-9a-f]{8}\.js$/.test(name));
    assert.equal(names.length, 1, readdirSync(cdn).join(' '));
    return names[0] ?? '';
  };

  /** One element's own files: `<tag>-<version>.js` and `.iife.js`. */
  const perElement = tags.flatMap((tag) => [`${tag}-${pkg.version}.js`, `${tag}-${pkg.version}.iife.js`]);

  it('has the versioned ES module, the classic script, each element’s pair, the QR chunk and the manifest, and nothing else', () => {
    assert.deepEqual(
      readdirSync(cdn).sort(),
      [qrName(), 'manifest.json', iifeName, esmName, ...perElement].sort(),
    );
  });

  it('lists every file in the manifest with its sha384 SRI hash, size and gzip size', () => {
    const entries = manifest();
    assert.deepEqual(Object.keys(entries).sort(), [qrName(), iifeName, esmName, ...perElement].sort());
    for (const [name, entry] of Object.entries(entries)) {
      const bytes = readFileSync(join(cdn, name));
      assert.equal(entry.integrity, `sha384-${createHash('sha384').update(bytes).digest('base64')}`, name);
      assert.equal(entry.bytes, bytes.byteLength, name);
      assert.equal(entry.gzip, gzipSync(bytes, { level: 9 }).byteLength, name);
    }
  });

  it('has no bare import in the ES module: only the QR chunk, by a relative URL, loaded lazily', async () => {
    const imports = await importsOf(join(cdn, esmName));
    assert.deepEqual(imports, [{ path: `./${qrName()}`, kind: 'dynamic-import' }]);
    assert.deepEqual(await importsOf(join(cdn, qrName())), []);
  });

  it('makes a classic script that imports the QR chunk from its own URL, not the page’s', () => {
    const code = read(join(cdn, iifeName));
    assert.doesNotThrow(() => new vm.Script(code), 'parses as a classic script (no import/export statement)');
    assert.ok(
      code.startsWith('(()=>{"use strict";var __payElementsScript=document.currentScript'),
      code.slice(0, 120),
    );
    assert.ok(code.includes(`import(new URL("./${qrName()}",__payElementsScript).href)`));
    assert.equal(code.match(/import\(/g)?.length, 1);
  });

  it('makes each element’s files define that element (and those it shows) alone, as a module and as a classic script', async () => {
    for (const tag of tags) {
      const esm = join(cdn, `${tag}-${pkg.version}.js`);
      const imports = await importsOf(esm);
      assert.ok(
        imports.every((i) => i.path === `./${qrName()}` && i.kind === 'dynamic-import'),
        `${tag}: ${JSON.stringify(imports)}`,
      );
      const code = read(join(cdn, `${tag}-${pkg.version}.iife.js`));
      assert.doesNotThrow(() => new vm.Script(code), `${tag}: parses as a classic script`);
      const page = fakePage();
      new vm.Script(code).runInContext(page.context);
      // the elements its define module defines too (`import './pay-qr.js'`)
      const shows = read(join(pkgDir, `src/define/${tag}.ts`)).includes("import './pay-qr.js'")
        ? ['pay-qr']
        : [];
      assert.deepEqual([...page.defined.keys()].sort(), [tag, ...shows].sort());
      // smaller than every element together
      assert.ok(statSync(esm).size < statSync(join(cdn, esmName)).size, tag);
    }
  });

  it('gives each element’s files the French of the elements they carry the English of, and no other', async () => {
    const [english, french] = [ownTexts(await tablesOf('en')), ownTexts(await tablesOf('fr'))];
    const carries = (code: string, texts: string[] | undefined): boolean[] =>
      (texts ?? []).map((text) => code.includes(`"${text}"`));
    for (const name of [esmName, iifeName, ...perElement]) {
      const code = read(join(cdn, name));
      for (const tag of tags) {
        const [en, fr] = [carries(code, english.get(tag)), carries(code, french.get(tag))];
        assert.ok(en.length > 0 && fr.length > 0, `${tag} has words of its own in both`);
        // all or none of an element's words, in both languages alike
        const inEnglish = en.every(Boolean);
        assert.ok(inEnglish || !en.some(Boolean), `${name}: some of ${tag}'s English`);
        assert.deepEqual(new Set(fr), new Set([inEnglish]), `${name}: ${tag}'s French`);
        if (name.startsWith(`${tag}-`) || name === esmName || name === iifeName) assert.ok(inEnglish, name);
      }
    }
  });

  it('contains no secret key', () => {
    for (const name of readdirSync(cdn)) {
      const code = read(join(cdn, name));
      assert.doesNotMatch(code, /\bsk_\w+/, name);
      assert.doesNotMatch(code, /sk_sandbox/, name);
    }
  });

  it('is minified, with no source map', () => {
    for (const name of [esmName, iifeName, qrName(), ...perElement]) {
      const code = read(join(cdn, name));
      assert.doesNotMatch(code, /sourceMappingURL/, name);
      // module-level names of the sources (dynamic-account.ts) are renamed
      if (name !== qrName()) assert.doesNotMatch(code, /\b(stateNames|announceMarks)\b/, name);
    }
  });

  it('defines every element from the classic script, and loading it twice neither throws nor redefines', () => {
    const page = fakePage();
    const script = new vm.Script(read(join(cdn, iifeName)));
    script.runInContext(page.context);
    assert.deepEqual([...page.defined.keys()].sort(), tags);
    const first = new Map(page.defined);
    assert.doesNotThrow(() => script.runInContext(page.context));
    assert.deepEqual(page.defined, first);
    assert.equal(vm.runInContext('typeof PayElements.registerTranslation', page.context), 'function');
  });

  it('defines every element from the ES module, and a second copy of it neither throws nor redefines', async () => {
    const page = fakePage();
    Object.assign(globalThis, page.globals, { window: globalThis });
    try {
      const url = new URL(`file://${join(cdn, esmName)}`);
      const first: unknown = await import(`${url.href}?first`);
      assert.deepEqual([...page.defined.keys()].sort(), tags);
      const classes = new Map(page.defined);
      await import(`${url.href}?second`);
      assert.deepEqual(page.defined, classes);
      assert.ok(first && typeof first === 'object' && 'PayQr' in first && 'registerTranslation' in first);
    } finally {
      for (const key of [...Object.keys(page.globals), 'window']) Reflect.deleteProperty(globalThis, key);
    }
  });
});

describe('size budgets (size-limit, .size-limit.mjs)', () => {
  it('keeps every element’s first load and every CDN file within its gzip budget', async () => {
    const sizeLimit = join(pkgDir, '../../node_modules/size-limit/bin.js');
    const { stdout } = await promisify(execFile)(process.execPath, [sizeLimit, '--json'], {
      cwd: join(pkgDir, '../..'),
      env: { ...process.env, PAY_ELEMENTS_BUILD: out },
      timeout: 120_000,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const results = z
      .array(z.object({ name: z.string(), passed: z.boolean(), size: z.number() }))
      .parse(JSON.parse(stdout));
    assert.equal(results.length, tags.length * 3 + 3, 'one budget per element, per CDN file');
    const over = results.filter((r) => !r.passed).map((r) => `${r.name}: ${r.size} B`);
    assert.deepEqual(over, []);
  });
});

describe('custom-elements.json', () => {
  const Attribute = z.object({ name: z.string(), description: z.string().optional(), fieldName: z.string() });
  const Element = z.object({
    name: z.string(),
    tagName: z.string(),
    customElement: z.literal(true),
    summary: z.string(),
    attributes: z.array(Attribute).optional(),
    events: z.array(z.object({ name: z.string(), type: z.object({ text: z.string() }) })).optional(),
  });
  const Manifest = z.object({
    schemaVersion: z.string(),
    modules: z.array(
      z.object({
        path: z.string(),
        declarations: z.array(z.looseObject({ customElement: z.boolean().optional() })),
      }),
    ),
  });
  const elements = (): z.infer<typeof Element>[] =>
    Manifest.parse(JSON.parse(read(join(out, 'custom-elements.json'))))
      .modules.flatMap((mod) => mod.declarations)
      .filter((declaration) => declaration.customElement)
      .map((declaration) => Element.parse(declaration));

  it('describes the six elements, by tag, each with its summary', () => {
    assert.deepEqual(
      elements()
        .map((element) => element.tagName)
        .sort(),
      tags,
    );
  });

  it('lists each element’s attributes, as its static properties name them, each with a description', () => {
    for (const element of elements()) {
      const source = componentSourceOf(element.tagName);
      const properties = /static override properties: PropertyDeclarations = \{\n([^]*?)\n {2}\};/.exec(
        source,
      )?.[1];
      assert.ok(properties, `${element.tagName} declares static properties`);
      const declared = [...properties.matchAll(/\{[^}]*\battribute: '([a-z-]+)'/g)].map((m) => m[1]);
      const listed = (element.attributes ?? []).map((attribute) => attribute.name);
      assert.deepEqual(listed.sort(), declared.sort(), element.tagName);
      for (const attribute of element.attributes ?? []) {
        assert.ok(attribute.description, `${element.tagName} [${attribute.name}] has a description`);
      }
    }
  });

  it('lists each element’s events, named and typed, the same as the framework typings', () => {
    for (const element of elements()) {
      const tag = element.tagName;
      assert.ok(isTag(tag), tag);
      const events = element.events ?? [];
      assert.deepEqual(events.map((event) => event.name).sort(), [...elementEvents[tag]].sort(), tag);
      for (const event of events) {
        const type = event.type.text;
        assert.ok(
          event.name.startsWith('pay-') ? /^Pay\w+Event$/.test(type) : type === 'Event',
          `${tag} ${type}`,
        );
      }
    }
  });
});

describe('package.json', () => {
  it('points every export, under every condition, at a file that exists (types before default)', () => {
    const cdnFiles = readdirSync(cdn);
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      const conditions = typeof target === 'string' ? { default: target } : target;
      const keys = Object.keys(conditions);
      if ('types' in conditions) assert.equal(keys.indexOf('types'), 0, `${subpath}: types first`);
      const flat = Object.entries(conditions).flatMap(([condition, path]) =>
        typeof path === 'string' ? [[condition, path] as const] : Object.entries(path),
      );
      for (const [condition, path] of flat) {
        const stars = !path.includes('*')
          ? ['']
          : subpath.startsWith('./define/')
            ? tags
            : subpath.startsWith('./i18n/')
              ? locales
              : cdnFiles;
        for (const star of stars) {
          const file = path.replace('*', star);
          // the source condition points into the package itself; the rest is what the build made
          const base = condition === '@pay-elements/source' || file === './package.json' ? pkgDir : out;
          assert.ok(statSync(join(base, file)).isFile(), `${subpath} (${condition}) → ${file}`);
        }
      }
    }
    assert.equal(pkg.customElements, 'custom-elements.json');
    assert.deepEqual(Object.keys(pkg.exports).slice(0, 1), ['.']);
  });

  it('types a merchant’s app from the published declarations alone (types-test/ against the built dist)', async () => {
    // each export's "types" target, as a project without the workspace's source condition resolves it
    const paths: Record<string, string[]> = {
      preact: ['stubs/preact/index.d.ts'],
      'preact/jsx-runtime': ['stubs/preact/jsx-runtime.d.ts'],
      'solid-js': ['stubs/solid-js/index.d.ts'],
      'solid-js/jsx-runtime': ['stubs/solid-js/jsx-runtime.d.ts'],
      'svelte/elements': ['stubs/svelte/elements.d.ts'],
    };
    for (const key of Object.keys(paths))
      paths[key] = (paths[key] ?? []).map((p) => join(pkgDir, 'types-test', p));
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string' || !target.types) continue;
      const types = typeof target.types === 'string' ? target.types : target.types['default'];
      if (types) paths[`@pay-elements/elements${subpath.slice(1)}`] = [join(out, types)];
    }
    const tsc = join(pkgDir, '../../node_modules/typescript/bin/tsc');
    // the protocol as published too: the run's build of its declarations, else built beside
    const protocolDir = join(pkgDir, '../protocol');
    const protocolOut = built ? join(protocolDir, 'dist') : join(scratch, 'protocol-dist');
    if (!built)
      await promisify(execFile)(process.execPath, [
        tsc,
        '-p',
        join(protocolDir, 'tsconfig.build.json'),
        '--outDir',
        protocolOut,
        '--emitDeclarationOnly',
      ]);
    paths['@pay-elements/protocol'] = [join(protocolOut, 'index.d.ts')];
    const config = join(scratch, 'tsconfig.types-test.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: join(pkgDir, 'types-test/tsconfig.json'),
        compilerOptions: { customConditions: [], skipLibCheck: true, paths },
        include: ['*.ts', '*.tsx', 'stubs'].map((glob) => join(pkgDir, 'types-test', glob)),
      }),
    );
    const { stdout } = await promisify(execFile)(process.execPath, [tsc, '-p', config, '--listFiles'], {
      timeout: 60_000,
    });
    assert.ok(stdout.includes(join(out, 'dist/types/jsx.d.ts')), 'the fixtures read the built typings');
    assert.ok(!stdout.includes(join(pkgDir, 'src/types')), 'and not the sources');
  });

  it('says only the define modules and the self-registering locales have side effects, in src and in dist', () => {
    assert.deepEqual(pkg.sideEffects, [
      './src/define/*.ts',
      './dist/define/*.js',
      ...registeredLocales.map((code) => `./src/i18n/${code}.ts`),
      ...registeredLocales.map((code) => `./dist/i18n/${code}.js`),
    ]);
    for (const code of registeredLocales) {
      assert.ok(existsSync(join(pkgDir, `src/i18n/${code}.ts`)));
      assert.ok(existsSync(join(dist, `i18n/${code}.js`)));
    }
    for (const tag of tags) {
      assert.ok(existsSync(join(pkgDir, `src/define/${tag}.ts`)));
      assert.ok(existsSync(join(dist, `define/${tag}.js`)));
    }
  });
});

/** Locale modules that register themselves on import (`@pay-elements/elements/i18n/<code>`). */
const registeredLocales = ['fr', 'pt', 'sw', 'ar'];
/** Every locale module an `./i18n/*` export can name. */
const locales = ['en', ...registeredLocales];

// ── helpers ────────────────────────────────────────────────────────────────────────────────────────

function isTag(tag: string): tag is keyof typeof elementEvents {
  return tag in elementEvents;
}

/**
 * The words only one element says in `tables` (one table an element), as esbuild writes them in a
 * bundle: a "string" of plain ASCII.
 */
function ownTexts(tables: Record<string, object>): Map<string, string[]> {
  const said = new Map(tags.map((tag) => [tag, stringsOf(tables[tag])]));
  return new Map(
    tags.map((tag) => [
      tag,
      [...(said.get(tag) ?? [])].filter(
        (text) =>
          text.length >= 4 &&
          /^[ -~]+$/.test(text) &&
          !/['"`\\]/.test(text) &&
          tags.every((other) => other === tag || !said.get(other)?.has(text)),
      ),
    ]),
  );
}

/** Every string in a translation table, nested ones included. */
function stringsOf(value: unknown): Set<string> {
  if (typeof value === 'string') return new Set([value]);
  if (typeof value !== 'object' || value === null) return new Set();
  return new Set(Object.values(value).flatMap((child) => [...stringsOf(child)]));
}

/** Files under `dir`, relative to it. */
function walk(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full, root) : [relative(root, full)];
  });
}

/** Every import of a built file, as esbuild reads it (static, dynamic, re-export). */
async function importsOf(file: string): Promise<{ path: string; kind: string }[]> {
  const found: { path: string; kind: string }[] = [];
  await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'record-imports',
        setup(b) {
          b.onResolve({ filter: /.*/ }, ({ path, kind }) => {
            if (kind === 'entry-point') return undefined;
            found.push({ path, kind });
            return { path, external: true };
          });
        },
      },
    ],
  });
  return found;
}

/** The component class's source file for `tag`, found through its define module's import. */
function componentSourceOf(tag: string): string {
  const define = read(join(pkgDir, `src/define/${tag}.ts`));
  const path = /from '(\.\.\/components\/[^']+)\.js'/.exec(define)?.[1];
  assert.ok(path, `src/define/${tag}.ts imports its component`);
  return read(join(pkgDir, 'src/define', `${path}.ts`));
}

/**
 * What defining the elements touches of a page, and no more: a registry that throws on a second
 * definition of a name (as the browser's does), the script element being run, the base classes.
 */
function fakePage(): {
  context: vm.Context;
  globals: Record<string, unknown>;
  defined: Map<string, unknown>;
} {
  const defined = new Map<string, unknown>();
  class HTMLElement {}
  class HTMLScriptElement {
    constructor(readonly src: string) {}
  }
  const globals = {
    HTMLElement,
    HTMLScriptElement,
    customElements: {
      get: (name: string) => defined.get(name),
      define(name: string, constructor: unknown) {
        if (defined.has(name)) throw new Error(`NotSupportedError: "${name}" has already been defined`);
        defined.set(name, constructor);
      },
    },
    document: {
      currentScript: new HTMLScriptElement(
        `https://cdn.example/pay-elements/${pkg.version}/pay-elements.iife.js`,
      ),
      baseURI: 'https://shop.example/checkout',
      createTreeWalker: () => ({}),
    },
  };
  const context = vm.createContext({ ...globals, Event, CustomEvent, URL, console });
  vm.runInContext('globalThis.window = globalThis;', context);
  return { context, globals, defined };
}
