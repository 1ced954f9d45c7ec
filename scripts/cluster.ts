// `npm run cluster`: a whole deployment on this machine (scripts/lib/cluster.ts): nginx in front of
// two web nodes, two queue workers, the machine's PostgreSQL and Redis, a local S3 server and an
// SMTP server that keeps every mail. Ctrl-C stops it all.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterUnavailable, startCluster } from './lib/cluster';

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/site_cluster';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const basePort = Number(process.env.CLUSTER_PORT || 8080);
const verbose = process.argv.includes('--verbose');

async function main() {
  const missing = await clusterUnavailable(databaseUrl, redisUrl);
  if (missing) {
    console.error(`Cannot start the cluster: ${missing}.`);
    process.exit(1);
  }
  const dir = process.env.CLUSTER_DIR || mkdtempSync(path.join(tmpdir(), 'site-cluster-'));
  console.log(`Starting the cluster in ${dir} (logs there; --verbose prints them here)…`);
  const cluster = await startCluster({
    basePort,
    databaseUrl,
    redisUrl,
    dir,
    echo: verbose ? (name, line) => console.log(`${name.padEnd(9)}│ ${line}`) : undefined,
  });
  console.log(`
Ready on ${cluster.url} (nginx, round robin)
  web nodes  ${cluster.web.map((m) => m.name).join(', ')} on ports ${basePort + 1}–${basePort + cluster.web.length} (WORKER=off)
  workers    ${cluster.workers.map((m) => m.name).join(', ')}
  database   ${databaseUrl}
  Redis      ${redisUrl}
  S3         ${cluster.env.S3_ENDPOINT} (bucket cvs)
  mail       ${cluster.env.SMTP_URL}, each mail in ${path.join(dir, 'mail')}
Ctrl-C stops it all.`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
