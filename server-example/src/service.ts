// What server-example says as a process, every line through its logger (so that with
// PAY_LOG_FORMAT=json each is one JSON object, from start to exit): where to look once started, a
// failure to start, uncaught errors, and the drain on SIGTERM or SIGINT.
import { describeError, type LogFields, type Logger } from '@pay-elements/server';
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
    log.info('pay-elements demo is running; Ctrl-C to stop', fields);
    return;
  }
  const lines = [
    '',
    'pay-elements demo is running',
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

/**
 * A failure to start (the store unreachable, a port taken): one line naming it, no stack for an
 * outage the operator fixes outside the code (an error with a `code`, or StoreUnavailableError).
 */
export function failedToStart(error: unknown, log: Logger): void {
  const { stack, ...described } = describeError(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const coded = [error, cause].find((e): e is Error & { code: string | number } => {
    const code = e instanceof Error && 'code' in e ? e.code : undefined;
    return typeof code === 'string' || typeof code === 'number';
  });
  const operational =
    coded !== undefined || (error instanceof Error && error.name === 'StoreUnavailableError');
  log.error('server-example failed to start', {
    error: operational
      ? { ...described, ...(coded ? { code: String(coded.code) } : {}) }
      : { ...described, stack },
  });
}

/** An error nothing caught, or a promise rejected with no handler: one line, then exit 1 (as Node does). */
export function exitOnUncaught(
  log: Logger,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  const fail = (what: string) => (error: unknown) => {
    log.error(what, { error: describeError(error) });
    exit(1);
  };
  process.on('uncaughtException', fail('uncaught exception'));
  process.on('unhandledRejection', fail('unhandled promise rejection'));
}

/** SIGTERM and SIGINT drain the app (app.close), then exit 0; a second signal stops at once. */
export function stopOnSignals(app: App, config: ExampleConfig, log: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    const started = Date.now();
    log.info(`${signal}: draining (at most ${config.PAY_SHUTDOWN_GRACE_MS} ms)`);
    void app.close().then(
      (clean) => {
        const ms = Date.now() - started;
        if (clean) log.info(`stopped cleanly in ${ms} ms`);
        else log.warn(`grace period over after ${ms} ms: what was left was cut`);
        process.exit(0);
      },
      (error: unknown) => {
        log.error('stopping failed', { error: describeError(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
