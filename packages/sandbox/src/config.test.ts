import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SandboxConfigError, sandboxOptionsFromEnv } from './config.js';

describe('environment', () => {
  it('defaults to 127.0.0.1:4010 and the built-in keys', () => {
    assert.deepEqual(sandboxOptionsFromEnv({}), { port: 4010, host: '127.0.0.1' });
    assert.deepEqual(sandboxOptionsFromEnv({ PAY_SANDBOX_PORT: '', PAY_SANDBOX_API_KEY: '' }), {
      port: 4010,
      host: '127.0.0.1',
    });
  });

  it('reads every PAY_SANDBOX_* variable', () => {
    const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    assert.deepEqual(
      sandboxOptionsFromEnv({
        PAY_SANDBOX_PORT: '0',
        PAY_SANDBOX_HOST: '0.0.0.0',
        PAY_SANDBOX_API_KEY: 'sk_a',
        PAY_SANDBOX_RESTRICTED_KEY: 'sk_b',
        PAY_SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:3000/pay/webhooks',
        PAY_SANDBOX_WEBHOOK_SECRET: SECRET,
        PAY_SANDBOX_REVEAL_LIMIT: '3',
        PAY_SANDBOX_RATE_LIMIT: '5',
        PAY_SANDBOX_DATA: '/tmp/sandbox.json',
        UNRELATED: 'ignored',
      }),
      {
        port: 0,
        host: '0.0.0.0',
        apiKey: 'sk_a',
        restrictedKey: 'sk_b',
        webhookUrl: 'http://127.0.0.1:3000/pay/webhooks',
        webhookSecret: SECRET,
        revealLimit: 3,
        rateLimit: 5,
        dataFile: '/tmp/sandbox.json',
      },
    );
  });

  it('fails with a message naming the variable and what it expects', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ PAY_SANDBOX_REVEAL_LIMIT: 'lots' }, /PAY_SANDBOX_REVEAL_LIMIT must be a number/],
      [
        { PAY_SANDBOX_WEBHOOK_SECRET: 'whsec_x' },
        /PAY_SANDBOX_WEBHOOK_SECRET must be "whsec_" followed by base64/,
      ],
      [{ PAY_SANDBOX_WEBHOOK_SECRET: 'abc' }, /PAY_SANDBOX_WEBHOOK_SECRET must start with "whsec_"/],
      [{ PAY_SANDBOX_REVEAL_LIMIT: '0' }, /PAY_SANDBOX_REVEAL_LIMIT must be at least 1/],
      [{ PAY_SANDBOX_RATE_LIMIT: '0' }, /PAY_SANDBOX_RATE_LIMIT must be at least 1/],
      [{ PAY_SANDBOX_PORT: '70000' }, /PAY_SANDBOX_PORT must be 0 to 65535/],
      [{ PAY_SANDBOX_PORT: 'http' }, /PAY_SANDBOX_PORT must be a port number/],
      [{ PAY_SANDBOX_WEBHOOK_URL: 'not a url' }, /PAY_SANDBOX_WEBHOOK_URL must be an absolute http\(s\) URL/],
    ];
    for (const [env, message] of cases)
      assert.throws(
        () => sandboxOptionsFromEnv(env),
        (e: unknown) => e instanceof SandboxConfigError && message.test(e.message),
      );
  });
});
