// `npm start`: reads the environment, starts everything, says where to look; every line it writes
// goes through the logger (PAY_LOG_FORMAT=json: one JSON object a line, from start to exit).
import { redactingLogger } from '@pay-elements/server';
import { startApp } from './app.js';
import { emulatorMode } from '@pay-elements/service';
import { ConfigError, readConfig, type ExampleConfig } from './config.js';
import { createLogger } from '@pay-elements/service/operations';
import { announce, exitOnUncaught, failedToStart, stopOnSignals } from './service.js';

let config: ExampleConfig;
try {
  config = readConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // the environment is wrong, maybe PAY_LOG_FORMAT itself: asked for JSON, the line is JSON
  if (process.env['PAY_LOG_FORMAT'] === 'json')
    createLogger('json').error(`server-example: ${error.message}`);
  else console.error(`server-example: ${error.message}`);
  process.exit(1);
}
const secrets = [config.PAY_API_KEY, config.PAY_WEBHOOK_SECRET].filter((s): s is string => Boolean(s));
const log = redactingLogger(
  createLogger(config.PAY_LOG_FORMAT, { livemode: !emulatorMode(config) }),
  secrets,
);
exitOnUncaught(log);
try {
  const app = await startApp(config, { logger: log });
  announce(app, config, log);
  stopOnSignals(app, config, log);
} catch (error) {
  failedToStart(error, log);
  process.exit(1);
}
