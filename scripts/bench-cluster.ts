// `npm run bench:cluster`: requests per second through nginx with one web node, then with two (the
// cluster of `npm run cluster`, on PostgreSQL and Redis), for a prerendered page, the board and the
// search. Prints figures; on a 2-core machine the nodes, nginx and the load share the same cores,
// so the ratio says more than the figures.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { clusterUnavailable, startCluster } from './lib/cluster';

const PG = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
// The cluster tests' port by default: the same build serves both (PUBLIC_URL is built into the pages).
const BASE_PORT = Number(process.env.CLUSTER_PORT || 3400);

const search = JSON.stringify({ search: { dashboard: 'all', queryText: '', filters: {} }, lastEvaluatedKey: null });
const targets = [
  { name: 'GET /about (prerendered)', path: '/about' },
  { name: 'GET /jobs/all (cached board)', path: '/jobs/all' },
  { name: 'POST /rest/jobs/search', path: '/rest/jobs/search', method: 'POST' as const, body: search },
];

async function run(url: string, target: (typeof targets)[number], seconds: number) {
  const result = await autocannon({
    url: url + target.path,
    method: target.method ?? 'GET',
    body: target.body,
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
    connections: 10,
    duration: seconds,
  });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  const dbUrl = new URL(PG);
  dbUrl.pathname = `/site_bench_cluster_${Date.now()}`;
  const missing = await clusterUnavailable(dbUrl.toString(), REDIS);
  if (missing) throw new Error(`Cannot start the cluster: ${missing}.`);
  const figures: Record<string, Record<string, string>> = {};
  for (const webNodes of [1, 2]) {
    console.log(`Starting the cluster with ${webNodes} web node(s)…`);
    const cluster = await startCluster({
      basePort: BASE_PORT,
      databaseUrl: dbUrl.toString(),
      redisUrl: REDIS,
      dir: mkdtempSync(path.join(tmpdir(), 'site-bench-cluster-')),
      webNodes,
      workers: 1,
    });
    try {
      for (const target of targets) {
        await run(cluster.url, target, 3); // warm up: caches, JIT
        const r = await run(cluster.url, target, SECONDS);
        figures[target.name] ??= {};
        figures[target.name]![`${webNodes} node${webNodes > 1 ? 's' : ''} req/s`] = String(r.rps);
        figures[target.name]![`${webNodes} p99 ms`] = String(r.p99);
        if (r.errors) figures[target.name]![`${webNodes} errors`] = String(r.errors);
      }
    } finally {
      await cluster.stop();
    }
  }
  for (const row of Object.values(figures)) {
    row.ratio = (Number(row['2 nodes req/s']) / Number(row['1 node req/s'])).toFixed(2);
  }
  console.log(`\nThrough nginx, 10 connections, ${SECONDS} s each (autocannon in this process):`);
  console.table(figures);
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`drop database if exists "${dbUrl.pathname.slice(1)}" with (force)`);
  await admin.end();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
