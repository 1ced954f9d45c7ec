// `npm run worker`: a queue worker without the web server, for deployments that run web nodes
// with WORKER=off. Stops cleanly on SIGTERM (running jobs finish first).
import '@/features';
import { log } from '@/server/log';
import { startRuntime, stopRuntime } from '@/server/runtime';

async function main() {
  await startRuntime({ worker: true });
  log().info('worker ready');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    await stopRuntime();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  // Configuration and "database in use" errors explain themselves; a stack would bury them.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
