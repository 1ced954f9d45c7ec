import 'server-only';
import { closeDatabase, database } from './db';
import { env } from './env';
import { log } from './log';
import { startQueue, stopQueue } from './queue';
import { features } from './features';
import { setupLink } from './office/staff-service';
import { startControlServer, stopControlServer } from './commands/control-server';
import { listenForMarks, stopListening } from './page-marks';

const shutdownKey = Symbol.for('site.shutdown');

/**
 * Starts what a server process needs. `worker` decides whether this process runs queue
 * handlers: by default the web process does (WORKER=inline); `npm run worker` always does.
 * `control`: the web process takes operator commands on DATA_DIR/control.sock and records its
 * public address (src/server/commands/control-server.ts).
 */
export async function startRuntime({
  worker = env().WORKER === 'inline',
  control = false,
}: { worker?: boolean; control?: boolean } = {}): Promise<void> {
  const e = env();
  const db = await database();
  for (const feature of features()) await feature.seed?.(db);
  for (const feature of features()) feature.start?.();
  // While nobody can sign in to the office, the web server prints the link that makes the first admin.
  const setup = control ? await setupLink(db.db) : undefined;
  if (setup) {
    console.log(`\nNo office account yet. Open this one-use link within 48 hours to make the first admin:\n  ${setup}\n`);
    log().info('office setup link printed (no staff account yet)');
  }
  await startQueue(worker);
  if (control) await startControlServer({ dataDir: e.DATA_DIR, publicUrl: e.PUBLIC_URL });
  // The web server applies the page changes other nodes and the workers make (page-marks.ts).
  if (control) await listenForMarks();
  log().info({ database: db.kind, worker, dataDir: db.kind === 'pglite' ? e.DATA_DIR : undefined }, 'runtime started');
  // The web server (src/server/http/start.ts) and the worker call this on SIGTERM, after the
  // HTTP server has drained, so handlers finish and nothing is cut off mid-write.
  (globalThis as Record<symbol, unknown>)[shutdownKey] = stopRuntime;
}

export async function stopRuntime(): Promise<void> {
  await stopControlServer();
  await stopQueue();
  await stopListening();
  for (const feature of features())
    await feature.stop?.().catch((err: unknown) => log().error({ err, feature: feature.name }, 'feature did not stop cleanly'));
  await closeDatabase();
  log().info('runtime stopped');
}
