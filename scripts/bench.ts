// `npm run bench`: job search speed on 100,000 jobs. Server-side timings of the search service on
// PGlite and PostgreSQL, the mails one queue worker sends per second, then HTTP throughput of a
// production server on PostgreSQL. Prints figures.
import '@/features';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { demoJobs } from '@/features/jobs/server/demo-jobs';
import { toJobRow, JobInput } from '@/features/jobs/server/job-input';
import { countJobs } from '@/features/jobs/server/jobs-repository';
import { jobs } from '@/features/jobs/server/jobs-table';
import { COUNT_CAP, searchJobs } from '@/features/jobs/server/jobs-service';
import type { JobSearch } from '@/features/jobs/schema';
import { migrateDatabase, openDatabase, type Database } from '@/server/db/client';
import { registerHandlers } from '@/server/queue';
import { Queue } from '@/server/queue/queue';
import { enqueueMail } from '@/server/mail/mail';
import { testMail } from '@/server/mail/test-mail';
import { createTransport } from '@/server/mail/transport';
import { SmtpSink } from '#tests/smtp-sink';

const JOBS = Number(process.argv[2] ?? 100_000);
const RUNS = 200;
const PG_ADMIN = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const searches: Record<string, JobSearch> = {
  'all, no filter': { dashboard: 'all', queryText: '', filters: {} },
  'dashboard + filter': { dashboard: 'spaintechjobs', queryText: '', filters: { remote_work_allowance: 'fullremote' } },
  'free text': { dashboard: 'all', queryText: 'react', filters: {} },
  'three filters': {
    dashboard: 'all',
    queryText: '',
    filters: { contract_type: 'freelance', work_schedule_type: 'parttime', remuneration_range: 'higherthan' },
  },
};

function percentiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  return { p50: at(50).toFixed(2), p95: at(95).toFixed(2), p99: at(99).toFixed(2) };
}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await fn(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function fill(database: Database) {
  const started = performance.now();
  const inputs = demoJobs(JOBS, new Date(), 7);
  for (let i = 0; i < inputs.length; i += 1000) {
    const rows = inputs.slice(i, i + 1000).map((input) => toJobRow(JobInput.parse(input)));
    await database.db.insert(jobs).values(rows);
  }
  await database.exec('vacuum analyze jobs');
  return ((performance.now() - started) / 1000).toFixed(1);
}

async function measure(name: string, database: Database) {
  const seconds = await fill(database);
  console.log(`\n${name}: ${JOBS.toLocaleString('en')} jobs loaded in ${seconds} s (server-side, ms over ${RUNS} runs)`);
  const rows: Record<string, Record<string, string>> = {};
  for (const [label, search] of Object.entries(searches)) {
    rows[`first page · ${label}`] = percentiles(await time(() => searchJobs(database.db, search, { pageSize: 20, locale: 'en' })));
    // Page 10: walk there once, then time fetching it from its cursor.
    let after: string | null = null;
    for (let p = 1; p < 10; p++) after = (await searchJobs(database.db, search, { after, pageSize: 20, locale: 'en' })).lastEvaluatedKey;
    if (after)
      rows[`page 10 · ${label}`] = percentiles(await time(() => searchJobs(database.db, search, { after, pageSize: 20, locale: 'en' })));
    rows[`count (uncached) · ${label}`] = percentiles(await time(() => countJobs(database.db, search, COUNT_CAP)));
  }
  console.table(rows);
}

/** Mails one worker process sends per second to a local SMTP server, from a backlog of `count`. */
async function mailRate(database: Database, count = 1000) {
  const sink = new SmtpSink();
  await sink.start();
  const sender = new Queue(database, { work: false });
  await sender.start();
  for (let i = 0; i < count; i++)
    await enqueueMail(sender, { key: `bench-${i}`, to: `reader${i}@example.com`, locale: 'en', template: testMail, props: {} });
  await sender.stop();
  const worker = new Queue(database, { work: true });
  const started = performance.now();
  await worker.start();
  await registerHandlers(worker, database, createTransport(sink.url));
  await sink.waitFor(count, 600_000);
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  await sink.stop();
  console.log(
    `\nMail on PostgreSQL: ${count} queued mails sent by one worker in ${seconds.toFixed(1)} s: ${(count / seconds).toFixed(1)} mails/s`,
  );
}

async function http(url: string) {
  const port = 3990;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url,
      WORKER: 'off',
      DEMO_DATA: 'off',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      BANK_ACCOUNT_HOLDER: 'Bench Training Ltd',
      BANK_IBAN: 'DE89 3704 0044 0532 0130 00',
      BANK_BIC: 'COBADEFFXXX',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (d: Buffer) => d.toString().includes('Ready on') && resolve());
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const body = JSON.stringify({ search: { dashboard: 'all', queryText: '', filters: {} } });
  const filtered = JSON.stringify({
    search: { dashboard: 'spaintechjobs', queryText: 'react', filters: { remote_work_allowance: 'fullremote' } },
  });
  const runs: [string, autocannon.Options][] = [
    ['GET /rest/health', { url: `${base}/rest/health` }],
    [
      'POST /rest/jobs/search (all)',
      { url: `${base}/rest/jobs/search?pageSize=20`, method: 'POST', headers: { 'content-type': 'application/json' }, body },
    ],
    [
      'POST /rest/jobs/search (text + filters)',
      { url: `${base}/rest/jobs/search?pageSize=20`, method: 'POST', headers: { 'content-type': 'application/json' }, body: filtered },
    ],
    ['GET /jobs/all (cached page)', { url: `${base}/jobs/all` }],
    ['GET / (prerendered page)', { url: `${base}/` }],
  ];
  const table: Record<string, Record<string, string | number>> = {};
  for (const [label, options] of runs) {
    await autocannon({ ...options, connections: 10, duration: 2 }); // warm up
    const r = await autocannon({ ...options, connections: 10, duration: 10 });
    table[label] = {
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      errors: r.errors + r.non2xx,
    };
  }
  const health = Number(table['GET /rest/health']!['req/s']);
  for (const row of Object.values(table)) row['vs health'] = `${Math.round((Number(row['req/s']) / health) * 100)}%`;
  const rss = await new Promise<string>((resolve) => {
    const ps = spawn('ps', ['-o', 'rss=', '-p', String(server.pid)]);
    let out = '';
    ps.stdout.on('data', (d) => (out += d));
    ps.on('exit', () => resolve(`${Math.round(Number(out.trim()) / 1024)} MB`));
  });
  server.kill('SIGTERM');
  console.log('\nHTTP on PostgreSQL, 10 connections, 10 s each, server and load on the same 2 cores');
  console.table(table);
  console.log(`Server RSS after the load: ${rss}`);
}

async function main() {
  const lite = await openDatabase({ pgliteDir: 'memory://' });
  await migrateDatabase(lite);
  await measure('PGlite (embedded)', lite);
  await lite.close();

  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  const name = `site_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString(), pgliteDir: '' });
    await migrateDatabase(database);
    await measure('PostgreSQL', database);
    if (!process.argv.includes('--no-mail')) await mailRate(database);
    await database.close();
    if (!process.argv.includes('--no-http')) await http(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
