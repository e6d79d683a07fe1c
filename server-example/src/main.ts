// `npm start`: reads the environment, starts everything, prints where to look.
import { ConfigError, readConfig } from './config.js';
import { startApp } from './app.js';

try {
  const config = readConfig(process.env);
  const app = await startApp(config);
  const lines = [
    '',
    'pay-elements demo is running',
    `  demo and widget gallery   ${app.url}/`,
    `  script tag, React, Vue    ${app.url}/script-tag.html, ${app.url}/react.html, ${app.url}/vue.html`,
    `  themes, languages         ${app.url}/themes.html, ${app.url}/languages.html`,
    `  component reference       ${app.url}/reference.html`,
    `  hosted checkout           ${app.url}/checkout/{session_id}`,
    `  locked-down pages         ${app.url}/locked-down/gallery, ${app.url}/locked-down/checkout/{session_id}`,
    `  backend kit (widget API)  ${app.url}/pay`,
  ];
  if (app.sandbox) {
    lines.push(
      // the keys are the emulator's documented ones (packages/sandbox/README.md); no key is ever printed
      `  emulator (provider API)   ${app.sandbox.url}/v1   keys: see packages/sandbox/README.md`,
      `  emulator control API      ${app.sandbox.url}/_sandbox`,
    );
  } else {
    lines.push(`  provider                  ${config.PAY_BASE_URL ?? ''}`);
  }
  if (app.metricsUrl) lines.push(`  metrics (Prometheus)      ${app.metricsUrl}`);
  lines.push('', 'Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
  // SIGTERM drains (app.close); a second signal stops at once
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    const started = Date.now();
    console.log(`[server-example] ${signal}: draining (at most ${config.PAY_SHUTDOWN_GRACE_MS} ms)`);
    void app.close().then(
      (clean) => {
        const ms = Date.now() - started;
        if (clean) console.log(`[server-example] stopped cleanly in ${ms} ms`);
        else console.warn(`[server-example] grace period over after ${ms} ms: what was left was cut`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error('[server-example] stopping failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`server-example: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
