// Two @web/test-runner commands of the browser tests: `emulate-media-features` and `save-screenshot`
// (at the end).
//
// The first emulates CSS media features the built-in `emulateMedia` cannot with
// the Chrome launcher (puppeteer accepts only prefers-color-scheme, prefers-reduced-motion and
// color-gamut): `forced-colors`, `prefers-contrast`, and any other, through the DevTools protocol.
//
//   import { executeServerCommand } from '@web/test-runner-commands';
//   await executeServerCommand('emulate-media-features', { features: [{ name: 'forced-colors', value: 'active' }] });
//   await executeServerCommand('emulate-media-features', { features: [] }); // back to the real values
//
// Each call replaces the features emulated before it.

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function emulateMediaFeaturesPlugin() {
  /** One DevTools session per page, kept open: the emulation lasts as long as its session. */
  const sessions = new WeakMap();
  return {
    name: 'emulate-media-features',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-media-features') return undefined;
      if (session.browser.type !== 'puppeteer')
        throw new Error(`emulate-media-features needs the Chrome launcher, not ${session.browser.type}`);
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
 * Files go to test-results/screenshots/ at the repository root (git-ignored; CI keeps them as
 * artifacts). A name is letters, digits, dots and dashes.
 *
 * @param {string} folder where the PNG files go
 * @returns {import('@web/test-runner').TestRunnerPlugin}
 */
export function saveScreenshotPlugin(folder) {
  return {
    name: 'save-screenshot',
    async executeCommand({ command, payload, session }) {
      if (command !== 'save-screenshot') return undefined;
      if (session.browser.type !== 'puppeteer')
        throw new Error(`save-screenshot needs the Chrome launcher, not ${session.browser.type}`);
      const name = payload?.name;
      if (typeof name !== 'string' || !/^[\w.-]{1,120}$/.test(name))
        throw new Error('save-screenshot expects {name} of letters, digits, dots and dashes');
      const { mkdir } = await import('node:fs/promises');
      await mkdir(folder, { recursive: true });
      const page = session.browser.getPage(session.id);
      await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
      return true;
    },
  };
}
