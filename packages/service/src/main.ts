// `pay-service`: reads the environment, starts the service, says where to look; every line it writes
// goes through the logger (PAY_LOG_FORMAT=json: one JSON object a line, from start to exit), with no
// key or secret in any. `pay-service check` checks the environment and the provider instead (check.ts).
import { redactingLogger, type LogFields } from '@pay-elements/server';
import { startService, type Service } from './app.js';
import { runCheck } from './check.js';
import {
  ConfigError,
  configSecrets,
  EMULATOR_BANNER,
  emulatorMode,
  readServiceConfig,
  type ServiceConfig,
} from './config.js';
import { createLogger } from './operations/logging.js';
import { exitOnUncaught, failedToStart, stopOnSignals } from './operations/process.js';

const command = process.argv[2];
if (command === 'check') {
  process.exit(await runCheck(process.env, (line) => process.stdout.write(`${line}\n`)));
}
if (command !== undefined) {
  console.error(`pay-service: unknown command ${JSON.stringify(command)}; usage: pay-service [check]`);
  process.exit(2);
}
let config: ServiceConfig;
try {
  config = readServiceConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  if (process.env['PAY_LOG_FORMAT'] === 'json')
    createLogger('json', { name: 'pay-service' }).error(`pay-service: ${error.message}`);
  else console.error(`pay-service: ${error.message}`);
  process.exit(1);
}
const log = redactingLogger(
  createLogger(config.PAY_LOG_FORMAT, { name: 'pay-service', livemode: !emulatorMode(config) }),
  configSecrets(config),
);
exitOnUncaught(log);
try {
  const service = await startService(config, { logger: log });
  announce(service, config);
  stopOnSignals(() => service.close(), config.PAY_SHUTDOWN_GRACE_MS, log);
} catch (error) {
  failedToStart(error, log, 'pay-service');
  process.exit(1);
}

/** Says where to look: a readable table, or one line with the addresses as fields. */
function announce(service: Service, settings: ServiceConfig): void {
  const { url } = service;
  const at: Record<string, string | null> = {
    api: `${url}/api`,
    openapi: `${url}/api/openapi.json`,
    hosted_checkout: `${url}/checkout/{session_id}`,
    kit: `${url}/pay`,
    cdn: `${url}/cdn/`,
    notifications: settings.PAY_NOTIFY_URL ?? null,
    emulator: service.sandbox ? `${service.sandbox.url}/v1` : null,
    emulator_control: service.sandbox ? `${service.sandbox.url}/_sandbox` : null,
    provider: service.sandbox ? null : (settings.PAY_BASE_URL ?? null),
    metrics: service.metricsUrl,
  };
  if (settings.PAY_LOG_FORMAT === 'json') {
    const fields: LogFields = {};
    for (const [name, value] of Object.entries(at)) if (value !== null) fields[name] = value;
    const mode = service.emulatorMode ? ` in ${EMULATOR_BANNER}` : '';
    log.info(`pay-service is running${mode}; Ctrl-C to stop`, fields);
    return;
  }
  const row = (label: string, value: string | null) => (value ? [`  ${label.padEnd(26)}${value}`] : []);
  const lines = [
    '',
    'pay-service is running',
    ...(service.emulatorMode ? [`  ${EMULATOR_BANNER}`] : []),
    ...row("merchant's API", at['api'] ?? null),
    ...row('its OpenAPI document', at['openapi'] ?? null),
    ...row('hosted checkout', at['hosted_checkout'] ?? null),
    ...row('widget routes (the kit)', at['kit'] ?? null),
    ...row("elements' script files", at['cdn'] ?? null),
    ...row('notifications to', at['notifications'] ?? null),
    ...row(
      'emulator (provider API)',
      at['emulator'] ? `${at['emulator']}   keys: see @pay-elements/sandbox` : null,
    ),
    ...row('emulator control API', at['emulator_control'] ?? null),
    ...row('provider', at['provider'] ?? null),
    ...row('metrics (Prometheus)', at['metrics'] ?? null),
    '',
    'Ctrl-C to stop.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
