// The demo's build-time helpers (demo/src/build): the script-tag page's SRI hashes written in from the
// elements' CDN manifest (and a refusal when a file is unknown), the component reference rendered
// from a manifest with every string escaped, and the event classes' detail types read from the
// elements' source as the reference shows them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { fillIntegrity, SRI_PLACEHOLDER } from '../../demo/src/build/cdn.js';
import { Manifest, readEventClasses } from '../../demo/src/build/manifest.js';
import { prose, renderReference } from '../../demo/src/build/reference.js';

const eventsDir = fileURLToPath(new URL('../../packages/elements/src/events', import.meta.url));
const manifest = {
  'pay-elements-0.1.0.iife.js': { integrity: 'sha384-abc', bytes: 10, gzip: 5 },
  'qr-1234abcd.js': { integrity: 'sha384-def', bytes: 3, gzip: 2 },
};

describe('fillIntegrity', () => {
  it('writes each /cdn/ script its hash from the manifest, leaving other tags alone', () => {
    const html = [
      `<script src="/cdn/pay-elements-0.1.0.iife.js" integrity="${SRI_PLACEHOLDER}" crossorigin="anonymous" defer></script>`,
      '<script src="/script-tag-demo.js" defer></script>',
      `<!-- ${SRI_PLACEHOLDER} is written in at build time -->`,
    ].join('\n');
    const filled = fillIntegrity(html, manifest).split('\n');
    assert.equal(
      filled[0],
      '<script src="/cdn/pay-elements-0.1.0.iife.js" integrity="sha384-abc" crossorigin="anonymous" defer></script>',
    );
    assert.equal(filled[1], '<script src="/script-tag-demo.js" defer></script>');
    assert.equal(filled[2], `<!-- ${SRI_PLACEHOLDER} is written in at build time -->`);
  });

  it('refuses a placeholder on a file the manifest does not list, on another origin, or off a script', () => {
    assert.throws(
      () =>
        fillIntegrity(`<script src="/cdn/pay-elements-9.9.9.js" integrity="${SRI_PLACEHOLDER}">`, manifest),
      /no such file/,
    );
    assert.throws(
      () =>
        fillIntegrity(
          `<script src="https://cdn.example/pay-elements-0.1.0.iife.js" integrity="${SRI_PLACEHOLDER}">`,
          manifest,
        ),
      /no such file/,
    );
    assert.throws(
      () =>
        fillIntegrity(
          `<link rel="modulepreload" href="/cdn/qr-1234abcd.js" integrity="${SRI_PLACEHOLDER}">`,
          manifest,
        ),
      /left outside a <script> tag/,
    );
  });
});

describe('renderReference', () => {
  const hostile = Manifest.parse({
    schemaVersion: '1.0.0',
    modules: [
      {
        path: 'src/x.ts',
        declarations: [
          {
            kind: 'class',
            name: 'PayX',
            tagName: 'pay-x',
            customElement: true,
            summary: 'Shows `<b>` as code.\n\n<img src=x onerror=alert(1)>',
            members: [
              { kind: 'field', name: 'secret', privacy: 'private', type: { text: 'string' } },
              { kind: 'field', name: 'styles', static: true },
              {
                kind: 'field',
                name: 'items',
                type: { text: 'Array<"a" | "b">' },
                default: '[]',
                description: 'Given as a property.',
              },
              { kind: 'field', name: 'mode', attribute: 'mode', reflects: true, type: { text: "'a' | 'b'" } },
            ],
            events: [{ name: 'pay-paid', type: { text: 'PayPaidEvent' }, description: 'Paid.' }],
            cssStates: [{ name: 'paid', description: 'Paid.' }],
          },
        ],
      },
    ],
  });
  const html = renderReference(hostile, readEventClasses(eventsDir), '0.1.0');

  it('escapes every string from the manifest and renders backticks as code', () => {
    assert.ok(!html.includes('<img'), 'no markup from the manifest');
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.ok(html.includes('<p>Shows <code>&lt;b&gt;</code> as code.</p>'));
    assert.ok(html.includes('<code>Array&lt;&quot;a&quot; | &quot;b&quot;&gt;</code>'));
    assert.equal(prose('a\nb\n\nc'), '<p>a b</p><p>c</p>');
  });

  it('lists public instance members only, with their attribute or "property only"', () => {
    assert.ok(!html.includes('secret'));
    assert.ok(!html.includes('>styles<'));
    assert.match(html, /<code>items<\/code><\/th><td><span class="muted">property only<\/span>/);
    assert.match(html, /<code>mode<\/code> <span class="tag">reflects<\/span>/);
    assert.ok(html.includes('<code>:state(paid)</code>'));
    assert.match(html, /id="pay-x-slots">Slots<\/h3><p class="muted">None\.<\/p>/);
  });

  it('gives an event its class, flags and detail fields from the event source', () => {
    assert.match(html, /<code>PayPaidEvent<\/code> \(bubbles, composed\)/);
    assert.match(html, /<code>detail: PayPaidDetail<\/code>/);
    assert.match(html, /<code>session: SessionView<\/code>/);
  });
});

describe('readEventClasses', () => {
  const classes = readEventClasses(eventsDir);

  it('reads every pay- event class with its detail type and init flags', () => {
    const share = classes.get('PayShareEvent');
    assert.deepEqual(share?.flags, ['bubbles', 'composed', 'cancelable']);
    assert.equal(share?.detail, 'PayShareDetail');
    assert.deepEqual(
      share?.detailTypes[0]?.fields?.map((f) => f.name),
      ['url', 'title', 'text'],
    );
    assert.equal(share?.detailTypes[0]?.fields?.[0]?.description, "The payment link's URL.");
  });

  it('expands a union detail into each of its interfaces', () => {
    const status = classes.get('PayStatusChangeEvent');
    assert.equal(status?.detail, 'PayStatusChangeDetail');
    assert.deepEqual(
      status?.detailTypes.map((t) => t.name),
      ['PayStatusChangeDetail', 'PaySessionStatusChangeDetail', 'PayInvoiceStatusChangeDetail'],
    );
    assert.deepEqual(
      status?.detailTypes[1]?.fields?.map((f) => `${f.name}: ${f.type}`),
      ['status: SessionStatus', 'previous: SessionStatus | null', 'session: SessionView'],
    );
  });
});
