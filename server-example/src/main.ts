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
    `  hosted checkout           ${app.url}/checkout/{session_id}`,
    `  backend kit (widget API)  ${app.url}/pay`,
  ];
  if (app.sandbox) {
    lines.push(
      `  emulator (provider API)   ${app.sandbox.url}/v1   keys: sk_sandbox_local (full), sk_sandbox_restricted (banks only)`,
      `  emulator control API      ${app.sandbox.url}/_sandbox`,
    );
  } else {
    lines.push(`  provider                  ${config.PAY_BASE_URL ?? ''}`);
  }
  lines.push('', 'Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
  const stop = () => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`server-example: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
