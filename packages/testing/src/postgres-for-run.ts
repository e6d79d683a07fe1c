// The run's one PostgreSQL cluster (scripts/test.mjs starts this program before the stages that use
// PostgreSQL): it prints the cluster's URL on one line, and stops and removes the cluster when its
// standard input closes or it is told to stop, so a run that is killed leaves no server behind.
import { startPostgres } from './postgres.js';

const cluster = await startPostgres({ own: true });
process.stdout.write(`${cluster.url}\n`);
const stop = () => {
  cluster.stop();
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
