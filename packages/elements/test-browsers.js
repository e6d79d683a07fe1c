// The three engines the elements' browser tests run in, from Debian's packages: Chromium and Firefox
// ESR through puppeteer-core (DevTools protocol and WebDriver BiDi), WebKitGTK's MiniBrowser through
// classic WebDriver (WebKitWebDriver, on an X display of its own). `PAY_BROWSER` picks one.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import puppeteer from 'puppeteer-core';
import { chromeLauncher } from '@web/test-runner-chrome';
import { webdriverLauncher } from '@web/test-runner-webdriver';

export const engineNames = ['chromium', 'firefox', 'webkit'];

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * The launcher of one engine, started: WebKit's driver (and its display, when there is none) run
 * as child processes until `close`.
 *
 * @param {string} name chromium, firefox or webkit
 */
export async function startEngine(name) {
  if (name === 'chromium') {
    return {
      browser: chromeLauncher({
        launchOptions: {
          executablePath: process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium',
          args: [
            '--no-sandbox',
            '--headless=new',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      }),
      close: async () => undefined,
    };
  }
  if (name === 'firefox') {
    return {
      browser: chromeLauncher({
        puppeteer,
        launchOptions: {
          browser: 'firefox',
          executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
          headless: true,
          // no update checks, telemetry or remote settings: there is no network but loopback
          extraPrefsFirefox: {
            'app.update.enabled': false,
            'datareporting.policy.dataSubmissionEnabled': false,
            'toolkit.telemetry.enabled': false,
            'browser.shell.checkDefaultBrowser': false,
          },
        },
      }),
      close: async () => undefined,
    };
  }
  if (name === 'webkit') return startWebKit();
  throw new Error(`PAY_BROWSER must be one of ${engineNames.join(', ')}, not ${name}`);
}

/** A port free on loopback now, for servers that take a number and not 0 (WebKitWebDriver, the dev server). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Xvfb on the first free display (it names it on the descriptor `-displayfd` gives), wide enough for a 1920 px viewport. */
function startXvfb() {
  return new Promise((resolve, reject) => {
    const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '2200x1200x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let text = '';
    let errors = '';
    child.stderr.on('data', (d) => (errors += d));
    child.stdio[3].on('data', (d) => {
      text += d;
      if (text.includes('\n')) resolve({ display: `:${text.trim()}`, child });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors.trim()}`)));
  });
}

async function waitForDriver(url, child) {
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true)); // not found, not executable
  for (let i = 0; i < 100 && !exited; i++) {
    try {
      const answer = await fetch(`${url}/status`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `WebKitWebDriver did not start (${child.spawnfile}; apt-get install webkit2gtk-driver xvfb)`,
  );
}

async function startWebKit() {
  const xvfb = process.env.DISPLAY ? null : await startXvfb();
  const env = xvfb ? { ...process.env, DISPLAY: xvfb.display } : process.env;
  const port = await freePort();
  const driver = spawn(
    process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
    [`--port=${port}`, '--host=127.0.0.1'],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const close = async () => {
    driver.kill();
    xvfb?.child.kill();
  };
  try {
    await waitForDriver(`http://127.0.0.1:${port}`, driver);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    browser: webdriverLauncher({
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      capabilities: {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': {
          binary: process.env.MINIBROWSER_PATH ?? MINIBROWSER,
          args: ['--automation'],
        },
        // WebKitWebDriver refuses `webSocketUrl` (BiDi): classic WebDriver only
        'wdio:enforceWebDriverClassic': true,
      },
    }),
    close,
  };
}
