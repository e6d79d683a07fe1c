// What server-example says as a process, every line through its logger (so that with
// PAY_LOG_FORMAT=json each is one JSON object, from start to exit): where to look once started; a
// failure to start, uncaught errors and the drain on SIGTERM or SIGINT as the service says them.
import type { LogFields, Logger } from '@pay-elements/server';
import {
  exitOnUncaught,
  failedToStart as failedToStartAs,
  stopOnSignals as stopOnSignalsOf,
} from '@pay-elements/service/operations';
import { EMULATOR_BANNER } from '@pay-elements/service';
import type { App } from './app.js';
import type { ExampleConfig } from './config.js';

/** The addresses worth opening once started, by name (`null`: not served by this run). */
export function addresses(app: App, config: ExampleConfig): Record<string, string | null> {
  const url = app.url;
  return {
    demo: `${url}/`,
    script_tag: `${url}/script-tag.html`,
    react: `${url}/react.html`,
    vue: `${url}/vue.html`,
    themes: `${url}/themes.html`,
    languages: `${url}/languages.html`,
    reference: `${url}/reference.html`,
    hosted_checkout: `${url}/checkout/{session_id}`,
    locked_down_gallery: `${url}/locked-down/gallery`,
    locked_down_checkout: `${url}/locked-down/checkout/{session_id}`,
    kit: `${url}/pay`,
    // the emulator's keys are its documented ones (packages/sandbox/README.md); no key is ever printed
    emulator: app.sandbox ? `${app.sandbox.url}/v1` : null,
    emulator_control: app.sandbox ? `${app.sandbox.url}/_sandbox` : null,
    provider: app.sandbox ? null : (config.PAY_BASE_URL ?? null),
    metrics: app.metricsUrl,
  };
}

/** Says where to look: a readable table, or one line with the addresses as fields. */
export function announce(app: App, config: ExampleConfig, log: Logger): void {
  const at = addresses(app, config);
  if (config.PAY_LOG_FORMAT === 'json') {
    const fields: LogFields = {};
    for (const [name, value] of Object.entries(at)) if (value !== null) fields[name] = value;
    const mode = app.sandbox ? ` in ${EMULATOR_BANNER}` : '';
    log.info(`pay-elements demo is running${mode}; Ctrl-C to stop`, fields);
    return;
  }
  const lines = [
    '',
    'pay-elements demo is running',
    ...(app.sandbox ? [`  ${EMULATOR_BANNER}`] : []),
    `  demo and widget gallery   ${at['demo']}`,
    `  script tag, React, Vue    ${at['script_tag']}, ${at['react']}, ${at['vue']}`,
    `  themes, languages         ${at['themes']}, ${at['languages']}`,
    `  component reference       ${at['reference']}`,
    `  hosted checkout           ${at['hosted_checkout']}`,
    `  locked-down pages         ${at['locked_down_gallery']}, ${at['locked_down_checkout']}`,
    `  backend kit (widget API)  ${at['kit']}`,
  ];
  if (app.sandbox) {
    lines.push(
      `  emulator (provider API)   ${at['emulator']}   keys: see packages/sandbox/README.md`,
      `  emulator control API      ${at['emulator_control']}`,
    );
  } else {
    lines.push(`  provider                  ${at['provider'] ?? ''}`);
  }
  if (at['metrics']) lines.push(`  metrics (Prometheus)      ${at['metrics']}`);
  lines.push('', 'Ctrl-C to stop.', '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** A failure to start: one line naming it (@pay-elements/service/operations' `failedToStart`). */
export function failedToStart(error: unknown, log: Logger): void {
  failedToStartAs(error, log, 'server-example');
}

export { exitOnUncaught };

/** SIGTERM and SIGINT drain the app (app.close), then exit 0; a second signal stops at once. */
export function stopOnSignals(app: App, config: ExampleConfig, log: Logger): void {
  stopOnSignalsOf(() => app.close(), config.PAY_SHUTDOWN_GRACE_MS, log);
}
