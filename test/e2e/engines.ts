// The three browser engines behind one small driver, for the shopper flows (shopper-flows.ts): go to a
// URL, read what a shopper sees (text through shadow roots), click, wait for text. Chromium and
// Firefox through puppeteer-core (Chromium over the DevTools protocol, Debian's Firefox ESR over
// WebDriver BiDi), WebKit through plain W3C WebDriver: WebKitWebDriver driving WebKitGTK's MiniBrowser
// on an Xvfb display of its own, asked over HTTP with fetch. playwright-core drives only Chromium here
// (it needs its own patched Firefox and WebKit), which the rest of the e2e suite keeps using.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { freePort, until } from '../support/processes.js';
import { chromiumArgs, chromiumPath } from '../support/chromium.js';

export type Engine = 'chromium' | 'firefox' | 'webkit';
export const engines: readonly Engine[] = ['chromium', 'firefox', 'webkit'];

/** An element: a CSS selector, then one for each shadow root in turn (`['pay-invoice-view', '[part="title"]']`). */
export type Path = readonly string[];

export interface Tab {
  goto(url: string): Promise<void>;
  /** What a shopper reads of the element at `path` (its shadow root in place of its children, hidden parts left out), spaces collapsed; null when there is none. */
  text(path: Path): Promise<string | null>;
  /** Clicks the middle of the element at `path`, as a pointer would. */
  click(path: Path): Promise<void>;
  /**
   * Sizes the viewport to `width` × `height` CSS px: false where the engine cannot make it so small
   * (MiniBrowser's window stops at about 447 px wide).
   */
  resize(width: number, height: number): Promise<boolean>;
  /** Runs page-side `source` (a function's source, no compiler helper in it) on `args`: its JSON result. */
  evaluate<T>(source: string, args: readonly unknown[]): Promise<T>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  engine: Engine;
  /** A tab in a fresh profile (no cookies, no cache), with script on or, when asked, off. */
  open(options?: { script?: boolean }): Promise<Tab>;
  close(): Promise<void>;
}

export const firefoxPath = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';
export const webkitDriverPath = process.env['WEBKIT_DRIVER_PATH'] ?? '/usr/bin/WebKitWebDriver';
export const miniBrowserPath =
  process.env['MINIBROWSER_PATH'] ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The element at a path (see `Path`), or null. Page-side source: a string, so no compiler helper gets into it. */
const find = `(path) => {
  let node = null;
  for (const selector of path) {
    const scope = node === null ? document : node.shadowRoot;
    if (!scope) return null;
    node = scope.querySelector(selector);
    if (!node) return null;
  }
  return node;
}`;

/** The rendered text of a node: a shadow root stands for its host's children, a slot for what it shows. */
const rendered = `(node) => {
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const tag = node.localName;
    if (tag === 'script' || tag === 'style' || tag === 'template' || node.hidden) return '';
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return '';
    const assigned = tag === 'slot' ? node.assignedNodes({ flatten: true }) : [];
    const children = assigned.length > 0 ? assigned : Array.from((node.shadowRoot ?? node).childNodes);
    return children.map(walk).join('') + ' ';
  };
  return walk(node).replace(/\\s+/g, ' ').trim();
}`;

const textOf = `(path) => { const node = (${find})(path); return node ? (${rendered})(node) : null; }`;

/** Polls `tab`'s text at `path` until it matches; answers it, or fails naming what was last seen. */
export async function waitForText(tab: Tab, path: Path, expected: RegExp, ms = 10_000): Promise<string> {
  let last: string | null = null;
  try {
    return await until(`${expected} in ${path.join(' » ')}`, ms, async () => {
      last = await tab.text(path);
      return last !== null && expected.test(last) ? last : undefined;
    });
  } catch (error) {
    throw new Error(`${String(error)}; last seen: ${JSON.stringify(last)}`, { cause: error });
  }
}

export async function launch(engine: Engine): Promise<EngineBrowser> {
  if (engine === 'webkit') return launchWebKit();
  return launchPuppeteer(engine);
}

// ── Chromium and Firefox: puppeteer-core ───────────────────────────────────────────────────────────

function puppeteerTab(page: Page): Tab {
  return {
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async text(path) {
      return page.evaluate(`(${textOf})(${JSON.stringify(path)})`) as Promise<string | null>;
    },
    async click(path) {
      // puppeteer's own way through shadow roots: `>>>`
      const element = await page.$(path.join(' >>> '));
      if (!element) throw new Error(`nothing to click at ${path.join(' » ')}`);
      await element.click();
      await element.dispose();
    },
    async resize(width, height) {
      await page.setViewport({ width, height });
      return true;
    },
    async evaluate<T>(source: string, args: readonly unknown[]) {
      return page.evaluate(`(${source}).apply(null, ${JSON.stringify(args)})`) as Promise<T>;
    },
    async close() {
      await page.browserContext().close();
    },
  };
}

async function launchPuppeteer(engine: 'chromium' | 'firefox'): Promise<EngineBrowser> {
  const start = (script: boolean): Promise<Browser> =>
    engine === 'chromium'
      ? puppeteer.launch({
          browser: 'chrome',
          executablePath: chromiumPath,
          headless: true,
          args: [...chromiumArgs, '--lang=en-GB'],
        })
      : puppeteer.launch({
          browser: 'firefox',
          executablePath: firefoxPath,
          headless: true,
          // Firefox ESR's BiDi has no way to turn script off for one page: a browser of its own
          extraPrefsFirefox: {
            'intl.accept_languages': 'en-GB',
            ...(script ? {} : { 'javascript.enabled': false }),
          },
        });
  if (engine === 'firefox' && !existsSync(firefoxPath))
    throw new Error(`no Firefox at ${firefoxPath}: apt-get install -y firefox-esr (or set FIREFOX_PATH)`);
  const browsers = new Map<boolean, Promise<Browser>>();
  const browserFor = (script: boolean): Promise<Browser> => {
    // Chromium turns script off per page: one browser does both
    const key = engine === 'chromium' || script;
    let browser = browsers.get(key);
    if (!browser) {
      browser = start(key);
      browsers.set(key, browser);
    }
    return browser;
  };
  // Firefox's two browsers start together: each takes seconds
  await Promise.all(engine === 'firefox' ? [browserFor(true), browserFor(false)] : [browserFor(true)]);
  return {
    engine,
    async open(options = {}) {
      const script = options.script ?? true;
      const context = await (await browserFor(script)).createBrowserContext();
      const page = await context.newPage();
      if (engine === 'chromium' && !script) await page.setJavaScriptEnabled(false);
      return puppeteerTab(page);
    },
    async close() {
      for (const browser of browsers.values()) await (await browser).close();
    },
  };
}

// ── WebKit: W3C WebDriver over HTTP ────────────────────────────────────────────────────────────────

/** The key under which WebDriver names an element in a script's result. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/**
 * An X server of our own (MiniBrowser needs one), on a display number drawn at random among thousands:
 * not the first free one, which every X server started with -displayfd alone looks for (others on
 * this machine do), and an X server that finds its display taken deletes the lock file of the one
 * that holds it on its way out (seen here: lock files gone under running servers).
 */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  for (let tries = 0; tries < 5; tries++) {
    const display = String(1000 + Math.floor(Math.random() * 30_000));
    if (existsSync(`/tmp/.X${display}-lock`) || existsSync(`/tmp/.X11-unix/X${display}`)) continue;
    // -displayfd: it writes the display number to that descriptor once clients may connect
    const xvfb = spawn(
      'Xvfb',
      // -noreset: an X server resets when its last client leaves, and a browser connecting
      // meanwhile is refused ("cannot open display"): between two sessions, here, once in a hundred
      [`:${display}`, '-noreset', '-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    );
    const ready = await new Promise<boolean>((resolve, reject) => {
      xvfb.once('error', (error) =>
        reject(new Error(`Xvfb did not start (${error.message}): apt-get install -y xvfb`, { cause: error })),
      );
      xvfb.once('exit', () => resolve(false)); // taken meanwhile: another number
      xvfb.stdio[3]?.once('data', () => resolve(true));
    });
    if (ready) return { display, process: xvfb };
  }
  throw new Error('Xvfb found no free display in five tries');
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function launchWebKit(): Promise<EngineBrowser> {
  for (const [path, what] of [
    [webkitDriverPath, 'WEBKIT_DRIVER_PATH'],
    [miniBrowserPath, 'MINIBROWSER_PATH'],
  ] as const) {
    if (!existsSync(path))
      throw new Error(`no ${path}: apt-get install -y webkit2gtk-driver (or set ${what})`);
  }
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawn(webkitDriverPath, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: `:${xvfb.display}` },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let driverLog = '';
  driver.stderr?.on('data', (data: Buffer) => (driverLog = (driverLog + data.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;

  /** One WebDriver command; its `value`, or an error with the driver's own words (and its log, if it hangs). */
  async function command(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(60_000),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch((error: unknown) => {
      throw new Error(`WebDriver ${method} ${path}: ${String(error)}\n${driverLog}`, { cause: error });
    });
    const answer = (await response.json()) as { value: unknown };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(answer.value)}`);
    return answer.value;
  }

  try {
    await until('WebKitWebDriver to listen', 10_000, async () =>
      (await fetch(`${base}/status`).catch(() => null))?.ok ? true : undefined,
    );
  } catch (error) {
    await stopped(driver);
    await stopped(xvfb.process);
    throw new Error(`${String(error)}\n${driverLog}`, { cause: error });
  }

  /**
   * The narrowest viewport a window of this browser stopped at when asked for less (MiniBrowser's
   * stops at about 447 px: its last try did not move it): a narrower ask answers false at once,
   * not after six tries (1.3 s).
   */
  let narrowest = 0;
  return {
    engine: 'webkit',
    async open(options = {}) {
      const script = options.script ?? true;
      const session = (await command('POST', '/session', {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': {
              binary: miniBrowserPath,
              args: ['--automation', ...(script ? [] : ['--enable-javascript=false'])],
            },
          },
        },
      })) as { sessionId: string };
      const at = `/session/${session.sessionId}`;
      const run = (source: string, args: unknown[]) =>
        command('POST', `${at}/execute/sync`, { script: `return (${source}).apply(null, arguments);`, args });
      return {
        async goto(url) {
          await command('POST', `${at}/url`, { url });
        },
        async text(path) {
          return (await run(textOf, [path])) as string | null;
        },
        async click(path) {
          const element = (await run(find, [path])) as Record<string, string> | null;
          const id = element?.[ELEMENT];
          if (!id) throw new Error(`nothing to click at ${path.join(' » ')}`);
          await command('POST', `${at}/element/${id}/click`, {});
        },
        async resize(width, height) {
          // the window's frame is not the viewport: resize by the difference until they agree
          if (width < narrowest) return false;
          const inner = '() => ({ width: innerWidth, height: innerHeight })';
          let seen = (await run(inner, [])) as { width: number; height: number };
          let stopped = false;
          for (let i = 0, waits = 0; i < 6 && (seen.width !== width || seen.height !== height);) {
            const rect = (await command('GET', `${at}/window/rect`)) as { width: number; height: number };
            const frame = {
              width: rect.width + width - seen.width,
              height: rect.height + height - seen.height,
            };
            if (frame.width <= 0 || frame.height <= 0) {
              // a window just opened can answer a frame and a viewport that do not belong together
              // yet (the driver refuses the size they give): read both again once it has settled
              if (++waits > 20)
                throw new Error(
                  `WebKit's window: frame ${JSON.stringify(rect)}, viewport ${JSON.stringify(seen)}`,
                );
              await new Promise((resolve) => setTimeout(resolve, 50));
            } else {
              await command('POST', `${at}/window/rect`, { x: 0, y: 0, ...frame });
              i++;
            }
            const before = seen.width;
            seen = (await run(inner, [])) as { width: number; height: number };
            stopped = seen.width === before;
          }
          if (seen.width > width && stopped) narrowest = Math.max(narrowest, seen.width);
          return seen.width === width && seen.height === height;
        },
        async evaluate<T>(source: string, args: readonly unknown[]) {
          return (await run(source, [...args])) as T;
        },
        async close() {
          await command('DELETE', at);
        },
      };
    },
    async close() {
      await stopped(driver);
      await stopped(xvfb.process);
    },
  };
}
