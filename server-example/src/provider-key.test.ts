// The kit in a merchant's own server checks the provider key as pay-service does: a wrong PAY_API_KEY
// stops the start with the variable named (it used to start ready, and every checkout answered 500).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError } from '@pay-elements/service';
import { createClock, DEFAULT_API_KEY, fixtures, startSandbox, type Sandbox } from '@pay-elements/sandbox';
import { startApp } from './app.js';
import { readConfig } from './config.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

function env(baseUrl: string, apiKey: string) {
  return readConfig({
    PORT: '0',
    PAY_DB: ':memory:',
    PAY_API_KEY: apiKey,
    PAY_BASE_URL: baseUrl,
    PAY_TOKEN_SECRET: 'a token secret of the shop, 32 characters or more',
    PAY_DEMO_CUSTOMER_ID: fixtures.customers.ada.id,
  });
}

describe("server-example's start checks the provider key", () => {
  let emulator: Sandbox;
  before(async () => {
    emulator = await startSandbox({ clock: createClock() });
  });
  after(() => emulator.close());

  it('refuses a wrong PAY_API_KEY, naming it', async () => {
    await assert.rejects(
      startApp(env(emulator.url, 'sk_not_this_business_key'), { logger: silent }),
      (error: unknown) =>
        error instanceof ConfigError &&
        /^the provider refused PAY_API_KEY at PAY_BASE_URL/.test(error.message),
    );
  });

  it('starts ready with the right one', async () => {
    const app = await startApp(env(emulator.url, DEFAULT_API_KEY), { logger: silent });
    try {
      assert.equal((await fetch(`${app.url}/readyz`)).status, 200);
    } finally {
      await app.close();
    }
  });
});
