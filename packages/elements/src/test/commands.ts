// The keyboard and the viewport in every engine, as @web/test-runner-commands' sendKeys and
// setViewport are in Chromium (test-commands.js runs them: Chromium and Firefox through puppeteer,
// WebKit through WebDriver). Key names are those of KeyboardEvent.key (`Tab`, `ArrowDown`, `Space`…).
import { executeServerCommand } from '@web/test-runner-commands';

export type SendKeys = { type: string } | { press: string } | { down: string } | { up: string };

export async function sendKeys(keys: SendKeys): Promise<void> {
  await executeServerCommand('pay-send-keys', keys);
}

/**
 * Sets the page's viewport. Answers false where the window cannot be that small (MiniBrowser's
 * stops at about 447 px wide), so that the test can say it skips.
 */
export async function setViewport(size: { width: number; height: number }): Promise<boolean> {
  return (await executeServerCommand('pay-set-viewport', size)) === true;
}
