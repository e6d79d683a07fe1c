// The @web/test-runner commands of the browser tests, each in every engine that can do it: the
// keyboard and the viewport (`pay-send-keys`, `pay-set-viewport`: src/test/commands.ts calls them),
// a PNG of the page (`save-screenshot`), and CSS media features through the DevTools protocol
// (`emulate-media-features`, Chromium only: src/test/media.ts overrides the CSS in every engine).
// Puppeteer drives Chromium (DevTools protocol) and Firefox (WebDriver BiDi); webdriverio drives
// WebKit (classic WebDriver), whose built-in commands @web/test-runner refuses or gets wrong.
import { mkdir, writeFile } from 'node:fs/promises';

/** The W3C WebDriver code of each named key the tests press (a single character is itself). */
const webdriverKeys = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Escape: '\uE00C',
  Space: '\uE00D',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
  Meta: '\uE03D',
};

function webdriverKey(name) {
  const key = webdriverKeys[name] ?? ([...name].length === 1 ? name : undefined);
  if (key === undefined) throw new Error(`no WebDriver key for ${name}`);
  return key;
}

/** One of `{type}`, `{press}`, `{down}`, `{up}` with a string. */
function readKeys(payload) {
  const entries = Object.entries(payload ?? {});
  const [kind, value] = entries[0] ?? [];
  if (entries.length !== 1 || !['type', 'press', 'down', 'up'].includes(kind) || typeof value !== 'string')
    throw new Error('pay-send-keys expects one of {type}, {press}, {down}, {up} with a string');
  return { kind, value };
}

/**
 * `pay-send-keys` and `pay-set-viewport`, as @web/test-runner-commands' sendKeys and setViewport but
 * in all three engines. Puppeteer over BiDi takes ' ' where the tests say `Space`. Over classic
 * WebDriver each character goes down and up on its own (webdriverio's `keys` holds them all down at
 * once, so "99" typed one 9), and a key held `down` is pressed with the next key in one chord (key
 * state does not carry from one WebDriver action to the next here). The viewport is the window
 * resized until the page has the size asked; MiniBrowser's stops at about 447 px wide, and the
 * command then answers false.
 *
 * @returns {import('@web/test-runner').TestRunnerPlugin}
 */
export function keyboardAndViewportPlugin() {
  /** Keys held down (WebDriver), per session. */
  const held = new Map();
  return {
    name: 'pay-keyboard-and-viewport',
    async executeCommand({ command, payload, session }) {
      if (command !== 'pay-send-keys' && command !== 'pay-set-viewport') return undefined;
      const { type } = session.browser;
      if (type === 'puppeteer') {
        const page = session.browser.getPage(session.id);
        if (command === 'pay-set-viewport') {
          await page.setViewport({ width: payload.width, height: payload.height });
          return true;
        }
        const { kind, value } = readKeys(payload);
        const key = value === 'Space' ? ' ' : value;
        await page.keyboard[kind](key);
        return true;
      }
      if (type !== 'webdriver') throw new Error(`${command} does not drive ${type} browsers`);
      const driver = session.browser.driver;
      if (command === 'pay-set-viewport') return resizeViewport(driver, payload.width, payload.height);
      const { kind, value } = readKeys(payload);
      const down = held.get(session.id) ?? [];
      const actions = [];
      if (kind === 'down') {
        held.set(session.id, [...down, webdriverKey(value)]);
        return true;
      }
      if (kind === 'up') {
        held.set(
          session.id,
          down.filter((k) => k !== webdriverKey(value)),
        );
        return true;
      }
      if (kind === 'type') {
        for (const ch of value) actions.push({ type: 'keyDown', value: ch }, { type: 'keyUp', value: ch });
      } else {
        const key = webdriverKey(value);
        for (const k of down) actions.push({ type: 'keyDown', value: k });
        actions.push({ type: 'keyDown', value: key }, { type: 'keyUp', value: key });
        for (const k of [...down].reverse()) actions.push({ type: 'keyUp', value: k });
      }
      await driver.performActions([{ type: 'key', id: 'keyboard', actions }]);
      await driver.releaseActions();
      return true;
    },
  };
}

/**
 * Resizes the window until the page's viewport is `width` × `height` (the window's frame varies;
 * false where it cannot be so small),
 * centred on the screen: under Xvfb there is no window manager, the keyboard goes to the window
 * under the pointer, and the pointer rests in the screen's middle (a window moved off it loses
 * focus, and WebKit then matches neither :focus nor :focus-visible).
 */
async function resizeViewport(driver, width, height) {
  const inner = () => driver.execute(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const screen = await driver.execute(() => ({ width: window.screen.width, height: window.screen.height }));
  let seen = await inner();
  for (let i = 0; i < 4 && (seen.width !== width || seen.height !== height); i++) {
    const current = await driver.getWindowRect();
    // the window's frame around the page: never less than none (a page still laid out at the last
    // size, wider than the window now reported, made a negative width: "Invalid width value")
    const next = {
      width: width + Math.max(0, current.width - seen.width),
      height: height + Math.max(0, current.height - seen.height),
    };
    const x = Math.max(0, Math.round((screen.width - next.width) / 2));
    const y = Math.max(0, Math.round((screen.height - next.height) / 2));
    await driver.setWindowRect(x, y, next.width, next.height);
    seen = await settled(inner);
  }
  return seen.width === width && seen.height === height;
}

/** The page's size once two readings 50 ms apart agree (a resized window lays its page out later). */
async function settled(inner) {
  let last = await inner();
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await inner();
    if (now.width === last.width && now.height === last.height) return now;
    last = now;
  }
  return last;
}

/**
 * `emulate-media-features`: CSS media features through the DevTools protocol, Chromium only (the
 * built-in emulateMedia takes only some, and neither BiDi nor classic WebDriver has any):
 *
 *   await executeServerCommand('emulate-media-features', { features: [{ name: 'forced-colors', value: 'active' }] });
 *   await executeServerCommand('emulate-media-features', { features: [] }); // back to the real values
 *
 * Each call replaces the features emulated before it.
 *
 * @returns {import('@web/test-runner').TestRunnerPlugin}
 */
export function emulateMediaFeaturesPlugin() {
  /** One DevTools session per page, kept open: the emulation lasts as long as its session. */
  const sessions = new WeakMap();
  return {
    name: 'emulate-media-features',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-media-features') return undefined;
      if (session.browser.type !== 'puppeteer' || session.browser.name !== 'Chrome')
        throw new Error(
          `emulate-media-features needs the DevTools protocol (Chromium), not ${session.browser.name}`,
        );
      const features = payload?.features;
      if (
        !Array.isArray(features) ||
        features.some((f) => typeof f?.name !== 'string' || typeof f?.value !== 'string')
      )
        throw new Error('emulate-media-features expects {features: [{name, value}]}');
      const page = session.browser.getPage(session.id);
      let cdp = sessions.get(page);
      if (!cdp) {
        cdp = await page.createCDPSession();
        sessions.set(page, cdp);
      }
      await cdp.send('Emulation.setEmulatedMedia', { features });
      return true;
    },
  };
}

/**
 * A @web/test-runner command that writes a PNG of the page as it is now, for people to look at:
 *
 *   await executeServerCommand('save-screenshot', { name: 'checkout-pending-320-light-ltr' });
 *
 * Files go to `folder` (test-results/screenshots/<engine> at the repository root, git-ignored; CI
 * keeps them as artifacts). A name is letters, digits, dots and dashes. WebDriver takes the viewport
 * only, the others the whole page.
 *
 * @param {string} folder where the PNG files go
 * @returns {import('@web/test-runner').TestRunnerPlugin}
 */
export function saveScreenshotPlugin(folder) {
  return {
    name: 'save-screenshot',
    async executeCommand({ command, payload, session }) {
      if (command !== 'save-screenshot') return undefined;
      const name = payload?.name;
      if (typeof name !== 'string' || !/^[\w.-]{1,120}$/.test(name))
        throw new Error('save-screenshot expects {name} of letters, digits, dots and dashes');
      await mkdir(folder, { recursive: true });
      const path = `${folder}/${name}.png`;
      if (session.browser.type === 'puppeteer') {
        await session.browser.getPage(session.id).screenshot({ path, fullPage: true });
      } else if (session.browser.type === 'webdriver') {
        await writeFile(path, Buffer.from(await session.browser.driver.takeScreenshot(), 'base64'));
      } else {
        throw new Error(`save-screenshot does not drive ${session.browser.type} browsers`);
      }
      return true;
    },
  };
}
