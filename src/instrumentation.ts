// Runs once when a server process starts: check the configuration, open and migrate the
// database, start the queue (and its worker with WORKER=inline).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startRuntime } = await import('./server/runtime');
  await startRuntime();
}
