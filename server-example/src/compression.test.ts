// What crosses the wire from server-example, read as raw bytes over a socket (no client that decodes
// for us): scripts, styles and pages compressed as the request's Accept-Encoding allows, decoding to
// the very file; identity for a client that asks for none; HEAD and byte ranges answered right; hashed
// assets immutable; the kit's event stream never compressed; each file compressed once, not per request.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startApp, type App } from './app.js';
import { readConfig } from './config.js';
import { compressedFiles, negotiate } from '@pay-elements/service/operations';

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request as sent, the answer's bytes as they came (a stream: until `enough` says so, then dropped). */
function raw(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  enough?: (body: Buffer) => boolean,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      const done = () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (enough?.(Buffer.concat(chunks))) {
          done();
          req.destroy();
        }
      });
      res.on('end', done);
    });
    req.on('error', reject);
    req.end();
  });
}

// a script big enough to be worth compressing, like the built chunks
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i % 37}`))};\n`;
const styles = `body { margin: 0; }\n${'.pay-x { color: #123456; padding: 4px 8px; }\n'.repeat(60)}`;
const checkoutTemplate = `<!doctype html><html lang="en"><head><title>__PAY_TITLE__</title>
<link rel="stylesheet" href="/site.css"></head><body>${'<p>Send the exact amount below from your bank app.</p>\n'.repeat(20)}
<h1>__PAY_HEADING__</h1><div id="checkout" lang="__PAY_LANG__">__PAY_ELEMENT__</div></body></html>`;
const lockedDown = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head>
<body>__PAY_MERCHANT__${'<p>The gallery, locked down.</p>\n'.repeat(20)}</body></html>`;

describe('server-example on the wire', () => {
  let app: App;
  let base: string;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pay-compression-'));
    const site = join(dir, 'site');
    const cdn = join(dir, 'cdn');
    mkdirSync(join(site, 'assets'), { recursive: true });
    mkdirSync(cdn);
    writeFileSync(join(site, 'assets/app-abc123.js'), script);
    writeFileSync(join(site, 'site.css'), styles);
    writeFileSync(join(site, 'logo.png'), Buffer.alloc(4000, 7));
    writeFileSync(join(site, 'checkout.html'), checkoutTemplate);
    writeFileSync(join(site, 'locked-down.html'), lockedDown);
    writeFileSync(join(cdn, 'pay-elements-1.0.0.js'), script);
    app = await startApp(readConfig({ PORT: '0', PAY_SANDBOX_PORT: '0', PAY_DB: ':memory:' }), {
      logger: silent,
      staticRoot: site,
      cdnRoot: cdn,
    });
    base = app.url;
  });
  after(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a script brotli-compressed to a browser, decoding to the file, cached as immutable', async () => {
    const answer = await raw(`${base}/assets/app-abc123.js`, {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.equal(answer.headers['vary'], 'Accept-Encoding');
    assert.equal(answer.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(answer.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(Number(answer.headers['content-length']), answer.body.byteLength);
    assert.ok(answer.body.byteLength < script.length / 4, `${answer.body.byteLength} bytes on the wire`);
    assert.equal(brotliDecompressSync(answer.body).toString(), script);
  });

  it('sends gzip to a client that takes gzip only, or prefers it', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'x-gzip', 'br;q=0.5, gzip;q=1']) {
      const answer = await raw(`${base}/assets/app-abc123.js`, { 'accept-encoding': accept });
      assert.equal(answer.headers['content-encoding'], 'gzip', accept);
      assert.equal(gunzipSync(answer.body).toString(), script, accept);
    }
  });

  it('sends the file as it is to a client that asks for no coding, with Vary all the same', async () => {
    const asked: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of asked) {
      const answer = await raw(`${base}/assets/app-abc123.js`, headers);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], undefined, JSON.stringify(headers));
      assert.equal(answer.headers['vary'], 'Accept-Encoding');
      assert.equal(answer.headers['content-length'], String(Buffer.byteLength(script)));
      assert.equal(answer.body.toString(), script);
    }
  });

  it('compresses the stylesheet (revalidated: not hashed) and the CDN script (immutable, CORS-readable)', async () => {
    const css = await raw(`${base}/site.css`, { 'accept-encoding': 'br' });
    assert.equal(css.headers['content-encoding'], 'br');
    assert.equal(css.headers['cache-control'], 'no-cache');
    assert.equal(brotliDecompressSync(css.body).toString(), styles);
    const cdn = await raw(`${base}/cdn/pay-elements-1.0.0.js`, { 'accept-encoding': 'gzip' });
    assert.equal(cdn.headers['content-encoding'], 'gzip');
    assert.equal(cdn.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(cdn.headers['access-control-allow-origin'], '*');
    assert.equal(gunzipSync(cdn.body).toString(), script);
  });

  it('leaves an image as it is (compressed already)', async () => {
    const png = await raw(`${base}/logo.png`, { 'accept-encoding': 'br, gzip' });
    assert.equal(png.headers['content-encoding'], undefined);
    assert.equal(png.headers['vary'], undefined);
    assert.equal(png.body.byteLength, 4000);
  });

  it('answers HEAD with the headers GET would send and no body', async () => {
    const get = await raw(`${base}/assets/app-abc123.js`, { 'accept-encoding': 'br' });
    const head = await raw(`${base}/assets/app-abc123.js`, { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.body.byteLength, 0);
    assert.equal(head.headers['content-encoding'], 'br');
    assert.equal(head.headers['content-length'], get.headers['content-length']);
    assert.equal(head.headers['vary'], 'Accept-Encoding');
    const plain = await raw(`${base}/assets/app-abc123.js`, {}, 'HEAD');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['content-length'], String(Buffer.byteLength(script)));
  });

  it('serves a byte range from the file as it is, whatever the client accepts', async () => {
    const size = Buffer.byteLength(script);
    const first = await raw(`${base}/assets/app-abc123.js`, { range: 'bytes=0-99', 'accept-encoding': 'br' });
    assert.equal(first.status, 206);
    assert.equal(first.headers['content-encoding'], undefined);
    assert.equal(first.headers['content-range'], `bytes 0-99/${size}`);
    assert.equal(first.headers['content-length'], '100');
    assert.equal(first.body.toString(), script.slice(0, 100));
    const last = await raw(`${base}/assets/app-abc123.js`, { range: 'bytes=-10' });
    assert.equal(last.status, 206);
    assert.equal(last.body.toString(), script.slice(-10));
    const past = await raw(`${base}/assets/app-abc123.js`, { range: `bytes=${size}-` });
    assert.equal(past.status, 416);
    assert.equal(past.headers['content-range'], `bytes */${size}`);
    // several ranges, or an If-Range we cannot match: the whole file, compressed as asked
    const whole: Array<Record<string, string>> = [
      { range: 'bytes=0-1,5-6' },
      { range: 'bytes=0-1', 'if-range': '"x"' },
    ];
    for (const headers of whole) {
      const answer = await raw(`${base}/assets/app-abc123.js`, { ...headers, 'accept-encoding': 'br' });
      assert.equal(answer.status, 200, JSON.stringify(headers));
      assert.equal(brotliDecompressSync(answer.body).toString(), script);
    }
  });

  it('compresses the hosted checkout page for this request, and never a page carrying a nonce', async () => {
    const created = await fetch(`${base}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-1' }),
    });
    const { id, account } = (await created.json()) as { id: string; account: { account_number: string } };
    const page = await raw(`${base}/checkout/${id}`, { 'accept-encoding': 'gzip, br' });
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-encoding'], 'br');
    // written in the shopper's language, then compressed as they accept
    assert.equal(page.headers['vary'], 'Accept-Language, Accept-Encoding');
    assert.equal(Number(page.headers['content-length']), page.body.byteLength);
    const html = brotliDecompressSync(page.body).toString();
    assert.ok(html.includes(account.account_number.slice(-4)), 'the account is in the page');
    const plain = await raw(`${base}/checkout/${id}`);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['content-length'], String(plain.body.byteLength));
    const timeless = (page: string) => page.replace(/"server_time":"[^"]+"/, '');
    assert.equal(timeless(plain.body.toString()), timeless(html), 'the same page');
    const locked = await raw(`${base}/locked-down/gallery`, { 'accept-encoding': 'gzip, br' });
    assert.equal(locked.status, 200);
    assert.match(String(locked.headers['content-security-policy']), /'nonce-/);
    assert.equal(locked.headers['content-encoding'], undefined, 'a secret of its own: not compressed');
    assert.match(locked.body.toString(), /The gallery, locked down/);
  });

  it('never compresses the kit’s event stream: its events arrive as they are sent', async () => {
    const created = await fetch(`${base}/pay/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'demo-2' }),
    });
    const { id } = (await created.json()) as { id: string };
    const stream = await raw(
      `${base}/pay/sessions/${id}/events`,
      { accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' },
      'GET',
      // the first event whole: the view, then a blank line
      (body) => /event: session\ndata: .*\n\n/.test(body.toString()),
    );
    assert.equal(stream.status, 200);
    assert.equal(stream.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.equal(stream.headers['content-encoding'], undefined);
    assert.equal(stream.headers['content-length'], undefined);
    assert.equal(stream.headers['x-accel-buffering'], 'no');
    assert.match(stream.body.toString(), new RegExp(`event: session\\ndata: \\{"id":"${id}"`));
  });
});

describe('compressed copies', () => {
  it('are made once per version of a file, and again when the file changes', async () => {
    const files = compressedFiles();
    const body = Buffer.from(script);
    const first = files.copies('/a.js', '1:100', body);
    assert.equal(files.copies('/a.js', '1:100', body), first, 'the same copies, not compressed again');
    const copies = await first;
    assert.equal(brotliDecompressSync(copies.br ?? Buffer.alloc(0)).toString(), script);
    assert.equal(gunzipSync(copies.gzip ?? Buffer.alloc(0)).toString(), script);
    const changed = Buffer.from(`${script}// more\n`);
    const second = files.copies('/a.js', '2:108', changed);
    assert.notEqual(second, first);
    assert.equal(brotliDecompressSync((await second).br ?? Buffer.alloc(0)).toString(), `${script}// more\n`);
  });

  it('leave out a coding that would not make the file smaller', async () => {
    assert.deepEqual(await compressedFiles().copies('/tiny.js', '1:2', Buffer.from('1\n')), {});
  });
});

describe('negotiate', () => {
  it('picks the best coding the client accepts, by weight then by our order', () => {
    const both = ['br', 'gzip'] as const;
    assert.equal(negotiate('gzip, deflate, br', both), 'br');
    assert.equal(negotiate('gzip', both), 'gzip');
    assert.equal(negotiate('GZIP;Q=1, BR;Q=0.8', both), 'gzip');
    assert.equal(negotiate('*', both), 'br');
    assert.equal(negotiate('*;q=0, gzip', both), 'gzip');
    assert.equal(negotiate('br;q=0, *', both), 'gzip');
    assert.equal(negotiate('identity', both), null);
    assert.equal(negotiate('', both), null);
    assert.equal(negotiate(null, both), null);
    assert.equal(negotiate('br', ['gzip']), null, 'nothing we have');
    assert.equal(negotiate('br;q=abc, gzip;q=0.1', both), 'gzip', 'a weight it cannot read counts as 0');
  });
});
