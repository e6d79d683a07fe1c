// `pay-sandbox [--port N] [--host H] [--data FILE] [--rate-limit N]`: the emulator on real time, configured by PAY_SANDBOX_*.
import { parseArgs } from 'node:util';
import { SandboxConfigError, sandboxOptionsFromEnv } from './config.js';
import { StateFileError } from './persist.js';
import { DEFAULT_API_KEY, DEFAULT_RESTRICTED_KEY, DEFAULT_WEBHOOK_SECRET } from './sandbox.js';
import { startSandbox } from './server.js';

const usage = `usage: pay-sandbox [--port N] [--host H] [--data FILE] [--rate-limit N]

  --port N     port to listen on (env PAY_SANDBOX_PORT, default 4010; 0 = any free port)
  --host H     address to bind (env PAY_SANDBOX_HOST, default 127.0.0.1)
  --data FILE  keep the state in this JSON file across restarts (env PAY_SANDBOX_DATA; default memory)
  --rate-limit N  /v1 requests per second per key, then 429 with Retry-After (env PAY_SANDBOX_RATE_LIMIT;
               default no limit)

  env PAY_SANDBOX_API_KEY, PAY_SANDBOX_RESTRICTED_KEY, PAY_SANDBOX_WEBHOOK_URL,
      PAY_SANDBOX_WEBHOOK_SECRET, PAY_SANDBOX_REVEAL_LIMIT (see the package README)`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string', short: 'H' },
      data: { type: 'string', short: 'd' },
      'rate-limit': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const options = sandboxOptionsFromEnv({
    ...process.env,
    ...(values.port !== undefined && { PAY_SANDBOX_PORT: values.port }),
    ...(values.host !== undefined && { PAY_SANDBOX_HOST: values.host }),
    ...(values.data !== undefined && { PAY_SANDBOX_DATA: values.data }),
    ...(values['rate-limit'] !== undefined && { PAY_SANDBOX_RATE_LIMIT: values['rate-limit'] }),
  });
  const sandbox = await startSandbox({ ...options, logger: console });
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const restricted = options.restrictedKey ?? DEFAULT_RESTRICTED_KEY;
  console.log(
    [
      `pay-sandbox listening on ${sandbox.url}`,
      `  full key        ${apiKey}   (X-API-KEY or Authorization: Bearer; ?api-key= on /v1 only)`,
      `  restricted key  ${restricted}   (GET /v1/banks/... only)`,
      `  dashboard       ${sandbox.url}/_sandbox/`,
      `  control API     ${sandbox.url}/_sandbox/...   (OpenAPI of /v1: ${sandbox.url}/_sandbox/openapi.json)`,
      `  rate limit      ${options.rateLimit ? `${options.rateLimit} /v1 requests per second per key` : 'off (--rate-limit N)'}`,
      `  state           ${options.dataFile ? `kept in ${options.dataFile}` : 'in memory (--data FILE keeps it)'}`,
      options.webhookUrl
        ? `  webhooks        ${options.webhookUrl} (secret ${options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET})`
        : '  webhooks        off (set PAY_SANDBOX_WEBHOOK_URL)',
    ].join('\n'),
  );
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (error instanceof SandboxConfigError || error instanceof StateFileError || code) {
    console.error(`pay-sandbox: ${error instanceof Error ? error.message : String(error)}`);
    if (code.startsWith('ERR_PARSE_ARGS')) console.error(usage);
  } else console.error(error);
  process.exit(1);
});
