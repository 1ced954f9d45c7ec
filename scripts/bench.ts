// `npm run bench`: the site as `npm start` serves it, on each database (PGlite, then PostgreSQL),
// with the demo data. Every page that is the same for every visitor, as one request mix and each
// route alone beside Next's own trivial route of the same build (`/robots.txt`, measured in the
// same run); the job search with a different text at each request; 50 connections of mixed
// traffic with 0 errors and no restart; a soak of mixed traffic with the server's memory over
// time. Before them, the search service's own timings on 100,000 jobs and the mails one queue
// worker sends per second. Every duration and count can be set (SETTINGS below, by flag or
// environment variable); `--quick` runs everything in a few minutes (about two on a quiet
// machine), to check the bench itself; `--only` and `--databases` run a part. Prints figures and
// targets, met or not. docs/performance.md describes each stage and its targets.
import '@/features';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { demoJobs } from '@/features/jobs/server/demo-jobs';
import { toJobRow, JobInput } from '@/features/jobs/server/job-input';
import { countJobs } from '@/features/jobs/server/jobs-repository';
import { jobs } from '@/features/jobs/server/jobs-table';
import { COUNT_CAP, forgetSearches, searchJobs } from '@/features/jobs/server/jobs-service';
import type { JobSearch } from '@/features/jobs/schema';
import { migrateDatabase, openDatabase, type Database } from '@/server/db/client';
import { registerHandlers } from '@/server/queue';
import { Queue } from '@/server/queue/queue';
import { enqueueMail } from '@/server/mail/mail';
import { testMail } from '@/server/mail/test-mail';
import { createTransport } from '@/server/mail/transport';
import { SmtpSink } from '#tests/smtp-sink';

// The bench's own queue worker logs each mail it sends otherwise.
process.env.LOG_LEVEL ||= 'warn';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * How the site is started: `npm start`'s own entry, as package.json's start script runs it. The
 * one place to change when that entry changes. The process this starts is the one measured (its
 * pid, its RSS): the server itself, not a wrapper around it.
 */
function startServer(env: Record<string, string>, logFd: number): ChildProcess {
  return spawn(process.execPath, ['src/server/http/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', logFd, logFd],
  });
}

// Each setting: its full value and its `--quick` value; `--name=value` or NAME=value overrides it.
const SETTINGS = {
  connections: [10, 10], // of the pages, the mix and the search
  'warmup-seconds': [10, 1], // the page mix, unmeasured, before it is measured
  'mix-seconds': [15, 1],
  'route-seconds': [5, 0.3], // each route of the table alone
  'route-warmup-seconds': [1, 0.2], // before each route, and before the search
  'search-seconds': [10, 2],
  'stress-connections': [50, 50],
  'stress-minutes': [5, 0.15],
  'soak-connections': [10, 10],
  'soak-minutes': [10, 0.25], // 0 skips the soak
  'soak-sample-seconds': [30, 2],
  jobs: [100_000, 1_000], // of the search service's timings
  runs: [200, 20], // of each case of the search service
  mails: [1_000, 50],
} as const;
type Setting = keyof typeof SETTINGS;
const STAGES = ['service', 'mail', 'pages', 'search', 'stress', 'soak'] as const;
const DATABASES = ['pglite', 'postgres'] as const;

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    only: { type: 'string' },
    databases: { type: 'string' },
    ...(Object.fromEntries(Object.keys(SETTINGS).map((k) => [k, { type: 'string' }])) as Record<Setting, { type: 'string' }>),
  },
});
const QUICK = !!flags.quick;
const envName = (name: string) => name.toUpperCase().replaceAll('-', '_');
function setting(name: Setting): number {
  const given = flags[name] ?? process.env[envName(name)];
  const value = given === undefined || given === '' ? SETTINGS[name][QUICK ? 1 : 0] : Number(given);
  if (!(value >= 0)) throw new Error(`--${name} (${envName(name)}) is a number, not "${given}"`);
  return value;
}
const S = Object.fromEntries(Object.keys(SETTINGS).map((k) => [k, setting(k as Setting)])) as Record<Setting, number>;
function listOf<T extends string>(name: 'only' | 'databases', all: readonly T[]): T[] {
  const given = (flags[name] ?? process.env[envName(name)] ?? '').split(',').filter(Boolean);
  const unknown = given.filter((g) => !all.includes(g as T));
  if (unknown.length) throw new Error(`--${name}: ${unknown.join(', ')} is none of ${all.join(', ')}`);
  return given.length ? (given as T[]) : [...all];
}
const ONLY = listOf('only', STAGES);
const ON = listOf('databases', DATABASES);
const PG_ADMIN = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

// The servers' data directories and logs. Whatever ends the bench (a signal, a failed load, an
// error), its servers stop with it, not to hold their ports, and these files go.
const WORK = mkdtempSync(path.join(tmpdir(), 'bench-'));
const servers = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
process.on('exit', () => {
  for (const server of servers) server.kill('SIGTERM');
  rmSync(WORK, { recursive: true, force: true });
});

type Target = [string, boolean];
const allTargets: Target[] = [];
/** Prints each target met or not, and keeps it for the summary under what it was of. */
function printTargets(of: string, targets: Target[]) {
  for (const [target, met] of targets) console.log(`  ${met ? 'met    ' : 'NOT MET'}  ${target}`);
  allTargets.push(...targets.map(([target, met]): Target => [`${of}: ${target}`, met]));
}
function loadAverage() {
  const loads = os.loadavg().map((n) => n.toFixed(1));
  return `load average ${loads.join(' ')}`;
}

// ---- The search service on `jobs` jobs, and the mail rate: server-side, without HTTP.

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

/** The sample at each percentile, of times or anything else. */
function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await fn(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < S.runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50).toFixed(2), p95: percentile(samples, 95).toFixed(2) };
}

async function searchService(name: string, database: Database) {
  const started = performance.now();
  const inputs = demoJobs(S.jobs, new Date(), 7);
  for (let i = 0; i < inputs.length; i += 1000) {
    await database.db.insert(jobs).values(inputs.slice(i, i + 1000).map((input) => toJobRow(JobInput.parse(input))));
  }
  await database.exec('vacuum analyze jobs');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nSearch service on ${name}: ${S.jobs.toLocaleString('en')} jobs loaded in ${seconds} s (ms over ${S.runs} runs)`);
  const rows: Record<string, Record<string, string>> = {};
  // Each run from the database: the same search within 5 s would be answered from memory.
  const fresh = (...args: Parameters<typeof searchJobs>) => {
    forgetSearches();
    return searchJobs(...args);
  };
  for (const [label, search] of Object.entries(searches)) {
    rows[`first page · ${label}`] = await time(() => fresh(database.db, search, { pageSize: 20, locale: 'en' }));
    // Page 10: walk there once, then time fetching it from its cursor.
    let after: string | null = null;
    for (let p = 1; p < 10; p++) after = (await searchJobs(database.db, search, { after, pageSize: 20, locale: 'en' })).lastEvaluatedKey;
    if (after) rows[`page 10 · ${label}`] = await time(() => fresh(database.db, search, { after, pageSize: 20, locale: 'en' }));
    rows[`count (uncached) · ${label}`] = await time(() => countJobs(database.db, search, COUNT_CAP));
  }
  console.table(rows);
  const p95 = (prefix: string) =>
    Object.entries(rows)
      .filter(([k]) => k.startsWith(prefix))
      .map(([, r]) => Number(r.p95));
  printTargets(`Search service on ${name}`, [
    ['every page of results p95 ≤ 15 ms', [...p95('first page'), ...p95('page 10')].every((ms) => ms <= 15)],
    ['every count p95 ≤ 50 ms', p95('count').every((ms) => ms <= 50)],
  ]);
}

/** Mails one worker process sends per second to a local SMTP server, from a backlog. */
async function mailRate(database: Database) {
  const sink = new SmtpSink();
  await sink.start();
  const sender = new Queue(database, { work: false });
  await sender.start();
  for (let i = 0; i < S.mails; i++)
    await enqueueMail(sender, { key: `bench-${i}`, to: `reader${i}@example.com`, locale: 'en', template: testMail, props: {} });
  await sender.stop();
  const worker = new Queue(database, { work: true });
  const started = performance.now();
  await worker.start();
  await registerHandlers(worker, database, createTransport(sink.url));
  await sink.waitFor(S.mails, 600_000);
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  await sink.stop();
  const rate = S.mails / seconds;
  console.log(`\nMail on PostgreSQL: ${S.mails} queued mails sent by one worker in ${seconds.toFixed(1)} s: ${rate.toFixed(1)} mails/s`);
  printTargets('Mail', [['≥ 20 mails a second per worker', rate >= 20]]);
}

// ---- The site over HTTP.

interface Site {
  base: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** RSS in MB of what `ps` selects, summed: a process (`-p PID`) or its children (`--ppid PID`); 0 for none. */
function rss(select: '-p' | '--ppid', pid: number): number {
  const out = spawnSync('ps', ['-o', 'rss=', select, String(pid)], { encoding: 'utf8' }).stdout ?? '';
  return Math.round(out.split('\n').reduce((kb, line) => kb + (Number(line.trim()) || 0), 0) / 1024);
}

/** A production server on this database ('' for the embedded one), on a DATA_DIR of its own, with the demo data. */
async function startSite(databaseUrl: string): Promise<Site> {
  const startedAt = Date.now();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(WORK, 'site-'));
  const logFile = path.join(dataDir, 'server.log');
  const child = startServer(
    {
      PORT: String(port),
      DATA_DIR: path.join(dataDir, 'data'),
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'on',
      REDIS_URL: '',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      BANK_ACCOUNT_HOLDER: 'Bench Training Ltd',
      BANK_IBAN: 'DE89 3704 0044 0532 0130 00',
      BANK_BIC: 'COBADEFFXXX',
      LOG_LEVEL: 'warn',
    },
    openSync(logFile, 'a'),
  );
  servers.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve(void servers.delete(child))));
  const fail = (why: string) => {
    const log = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    return new Error(`The server ${why}; the end of its output:\n${log}`);
  };
  const base = `http://127.0.0.1:${port}`;
  // Ready when it answers; the first start may build first. Then the demo jobs, written just after.
  for (let ready = false; !ready; await sleep(500)) {
    if (child.exitCode !== null) throw fail(`exited with ${child.exitCode} before it answered`);
    ready = await fetch(`${base}/robots.txt`).then(
      (r) => r.ok && r.arrayBuffer().then(() => true),
      () => false,
    );
  }
  for (let i = 0; (await jobIds(base, 'all')).length === 0; i++) {
    if (i === 60) throw fail('showed no job on /jobs/all within a minute');
    await sleep(1000);
  }
  const pid = child.pid!;
  console.log(
    `\n(a server on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, pid ${pid}, answering with its demo jobs in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
  );
  return {
    base,
    pid,
    child,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

// ---- What is requested.

const LOCALES = ['', '/sp', '/fr', '/de', '/it'];
const DASHBOARDS = ['all', 'swisstechjobs', 'spaintechjobs', 'frontendjobs'];
/** The path in each locale (`/` is `/sp`, not `/sp/`). */
const localized = (p: string) => LOCALES.map((l) => (l + p).replace(/(.)\/$/, '$1'));

async function linksOn(base: string, page: string, pattern: RegExp): Promise<string[]> {
  const html = await (await fetch(base + page)).text();
  return [...new Set([...html.matchAll(pattern)].map((m) => m[1]!))];
}
const jobIds = (base: string, dashboard: string) =>
  linksOn(base, `/jobs/${dashboard}`, new RegExp(`href="/jobs/${dashboard}/specs/([a-z0-9]+)"`, 'g')).catch(() => []);

// Next's own trivial route: a constant text prerendered at build time, outside the proxy.
const FLOOR = '/robots.txt';

/**
 * A route of the table: its paths (in turn), the status each answers (a redirect for
 * `redirect`), and whether it is a page Next prerenders or caches (p99 ≤ 50 ms; else ≤ 100 ms).
 */
interface Route {
  route: string;
  paths: string[];
  cached: boolean;
  redirect?: boolean;
}

/**
 * Every route of docs/routes.md that answers every visitor the same, each in the five locales
 * where it has them; ids (jobs, the open position, the course) are read from the site's own pages.
 */
async function routesOf(base: string): Promise<Route[]> {
  const page = (route: string, paths = localized(route)): Route => ({ route, paths, cached: true });
  const [position] = await linksOn(base, '/careers', /href="\/careers\/(?!withdraw\/)([^"/?#]+)"/g);
  const [course] = await linksOn(base, '/education', /href="\/education\/([^"/?#]+)\/specs"/g);
  const boards = await Promise.all(DASHBOARDS.map(async (d) => (await jobIds(base, d)).slice(0, 5).map((id) => [d, id] as const)));
  const jobsOnBoards = boards.flat();
  if (!position || !course || jobsOnBoards.length < DASHBOARDS.length) {
    throw new Error(`No open position (${position}), course (${course}) or jobs (${jobsOnBoards.length}) found on the site's pages`);
  }
  const inTurn = (paths: string[]) => paths.map((p, i) => LOCALES[i % LOCALES.length] + p);
  // A job applied for at the employer's own address sends its application form there: not one of ours.
  const applyForms: string[] = [];
  for (const [d, id] of jobsOnBoards) {
    const res = await fetch(`${base}/jobs/${d}/apply/${id}`, { redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status === 200) applyForms.push(`/jobs/${d}/apply/${id}`);
  }
  return [
    { route: FLOOR, paths: [FLOOR], cached: true },
    ...['/', '/about', '/process', '/services', '/products', '/products/amazonsaasboost', '/products/demodph_'].map((r) => page(r)),
    ...['/privacy-policy', '/terms', '/cookies', '/contact', '/demo', '/feedback', '/add', '/privacy/request'].map((r) => page(r)),
    ...['/verifysuccess', '/verifyerror', '/checkout', '/checkout/success'].map((r) => page(r)),
    page('/careers'),
    page('/careers/{id}', localized(`/careers/${position}`)),
    page('/careers/{id}/apply', localized(`/careers/${position}/apply`)),
    page('/training'),
    page('/education'),
    page('/education/{id}/specs', localized(`/education/${course}/specs`)),
    page('/education/{id}/register', localized(`/education/${course}/register`)),
    ...DASHBOARDS.map((d) => page(`/jobs/${d}`)),
    page('/jobs/{dashboard}/specs/{id}', inTurn(jobsOnBoards.map(([d, id]) => `/jobs/${d}/specs/${id}`))),
    page('/jobs/{dashboard}/apply/{id}', inTurn(applyForms)),
    page('/jobs/post'),
    page('/manifest.webmanifest', ['/manifest.webmanifest']),
    page('/icon.svg', ['/icon.svg']),
    page(
      '/og/{locale}/image.png',
      ['en', 'es', 'fr', 'de', 'it'].map((l) => `/og/${l}/image.png`),
    ),
    { route: '/jobs/{dashboard}/feed.xml', paths: DASHBOARDS.map((d) => `/jobs/${d}/feed.xml`), cached: false },
    { route: '/sitemap.xml', paths: ['/sitemap.xml'], cached: false },
    { route: '/rest/openapi.json', paths: ['/rest/openapi.json'], cached: false },
    { route: '/office (no session: to the sign-in)', paths: ['/office'], cached: false, redirect: true },
  ];
}

const answered = (route: Pick<Route, 'redirect'>, status: number) => (route.redirect ? status >= 300 && status < 400 : status === 200);

/** How Next served a response: from its prerendered or cached pages, or rendered for the request. */
const servedAs = (headers: Headers) => (headers.has('x-nextjs-cache') || headers.has('x-nextjs-prerender') ? 'cached' : 'per request');

/** Each path once: it answers as the route says (else the bench stops), and how Next served it. */
async function check(base: string, routes: Route[]): Promise<Map<Route, string>> {
  const served = new Map<Route, string>();
  for (const route of routes) {
    await Promise.all(
      route.paths.map(async (p) => {
        const res = await fetch(base + p, { redirect: 'manual' });
        await res.arrayBuffer();
        if (!answered(route, res.status)) throw new Error(`${p} answered ${res.status}: the bench's routes are not the site's`);
        served.set(route, servedAs(res.headers));
      }),
    );
  }
  return served;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const SKILLS =
  'react typescript java python go aws kubernetes node vue angular kotlin swift spark scala sql azure php salesforce sap devops frontend backend data cloud security mobile engineer developer senior manager';
const CITIES = 'zürich geneva basel lausanne bern madrid barcelona valencia málaga bilbao berlin amsterdam london lisbon york toronto';
/** Each word, and each one letter shorter (a search matches the start of a word). */
const prefixes = (words: string) => words.split(' ').flatMap((w) => (w.length > 3 ? [w, w.slice(0, -1)] : [w]));
const SKILL_WORDS = prefixes(SKILLS);
const CITY_WORDS = prefixes(CITIES);
/** Distinct search texts: a skill and a city, in both orders, lower case or capitalized. */
const SEARCH_TEXTS = SKILL_WORDS.length * CITY_WORDS.length * 4;
function searchText(i: number): string {
  const skill = SKILL_WORDS[i % SKILL_WORDS.length]!;
  const city = CITY_WORDS[Math.floor(i / SKILL_WORDS.length) % CITY_WORDS.length]!;
  const round = Math.floor(i / (SKILL_WORDS.length * CITY_WORDS.length));
  const text = round % 2 ? `${city} ${skill}` : `${skill} ${city}`;
  return round % 4 >= 2 ? text.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase()) : text;
}

/** One request: what it asks, and the statuses that answer it (any other counts as an error). */
interface Ask {
  path: string;
  body?: string;
  ok: (status: number) => boolean;
}
/** A request to make each time it comes round (a search asks a new text each time). */
type Asking = () => Ask;

const pageAsk = (route: Route, path: string): Asking => {
  const ask = { path, ok: (s: number) => answered(route, s) };
  return () => ask;
};
// Every search asks the next text, from one counter: no text comes twice within SEARCH_TEXTS searches.
let searched = 0;
/** The board's search as its page asks it (GET, the search in `q`), each time with the next text. */
const searchAsk: Asking = () => {
  const i = searched++;
  const q = encodeURIComponent(JSON.stringify({ search: { dashboard: 'all', queryText: searchText(i), filters: {} } }));
  return { path: `/rest/jobs/search?pageSize=20&locale=${['en', 'es', 'fr', 'de', 'it'][i % 5]}&q=${q}`, ok: (s) => s === 200 };
};
/** A feedback form: a write each time, most of them answered 429 by the rate limit. */
let sent = 0;
const formAsk: Asking = () => {
  const form = { comments: `Bench feedback number ${sent++}: the board reads well on a phone.` };
  const body = JSON.stringify({ type: 'feedback', form, context: { locale: 'en', page: '/' }, traps: { website: '', elapsedMs: 10_000 } });
  return { path: '/rest/form', body, ok: (s) => s < 300 || s === 429 };
};

/** The routes' paths, one of each route in turn, with `extra` after each turn. */
const mix = (routes: Route[], extra: Asking[] = []): Asking[] =>
  Array.from({ length: Math.max(...routes.map((r) => r.paths.length)) }, (_, turn) => [
    ...routes.map((route) => pageAsk(route, route.paths[turn % route.paths.length]!)),
    ...extra,
  ]).flat();
/** The stress's and the soak's traffic: every route in turn, four searches and a form each turn. */
const traffic = (routes: Route[]) => mix(routes, [searchAsk, searchAsk, searchAsk, searchAsk, formAsk]);

interface Load {
  rate: number;
  p99: number;
  errors: number;
  statuses: string;
}

/** The asks in turn, shared by all connections (each takes the next), for `seconds`. */
async function load(site: Site, asks: Asking[], connections: number, seconds: number): Promise<Load> {
  let next = 0;
  let unexpected = 0;
  // A connection has one request out at a time: its context holds what answers that one.
  type Context = { ok?: Ask['ok'] };
  const request: autocannon.Request = {
    setupRequest: (r, context: Context) => {
      const ask = asks[next++ % asks.length]!();
      context.ok = ask.ok;
      const post = ask.body !== undefined;
      return { ...r, method: post ? 'POST' : 'GET', path: ask.path, body: ask.body, headers: post ? JSON_TYPE : {} };
    },
    onResponse: (status, _body, context: Context) => void (context.ok!(status) || unexpected++),
  };
  // autocannon looks whether the time is up at each sample: every 1 s by default, too coarse for short runs.
  const r = await autocannon({ url: site.base, connections, duration: seconds, sampleInt: 100, requests: [request] });
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(', ');
  // No answer within the run (a page slower than a short run) has no p99: NaN, which meets no target.
  const p99 = r.requests.total ? r.latency.p99 : NaN;
  return { rate: r.requests.total / r.duration, p99, errors: r.errors + unexpected, statuses };
}
const fmt = (l: Load) =>
  `${Math.round(l.rate).toLocaleString('en')} req/s, ${Number.isNaN(l.p99) ? 'no answer' : `p99 ${l.p99} ms`}, ${l.errors} errors`;

/** Every route as one mix, then each route alone beside the trivial route (measured before and after the table). */
async function pages(site: Site, routes: Route[], name: string) {
  const served = await check(site.base, routes);
  const paths = routes.reduce((n, r) => n + r.paths.length, 0);
  if (S['warmup-seconds'] > 0) await load(site, mix(routes), S.connections, S['warmup-seconds']);
  const all = await load(site, mix(routes), S.connections, S['mix-seconds']);
  const alone = async (route: Route) => {
    if (S['route-warmup-seconds'] > 0) await load(site, mix([route]), S.connections, S['route-warmup-seconds']);
    return load(site, mix([route]), S.connections, S['route-seconds']);
  };
  // The trivial route is the table's first row, and is measured again after its last.
  const measured: [Route, Load][] = [];
  for (const route of routes) measured.push([route, await alone(route)]);
  const [floorRoute, before] = measured.find(([r]) => r.route === FLOOR)!;
  const after = await alone(floorRoute);
  // The mean of the two, leaving out one that had no answer at all (a run too short for a busy machine).
  const answeredRates = [before.rate, after.rate].filter((rate) => rate > 0);
  const floor = answeredRates.reduce((sum, rate) => sum + rate, 0) / answeredRates.length;

  console.log(
    `\nPages on ${name}: ${routes.length} routes (${paths} paths, each route in the five locales where it has them), ` +
      `${S.connections} connections; each route ${S['route-seconds']} s alone`,
  );
  console.log(`  One mix of every path below: ${fmt(all)} (${S['mix-seconds']} s after ${S['warmup-seconds']} s of warm-up)`);
  console.log(
    `  The trivial route, ${FLOOR}: ${fmt(before)} before the table, ${fmt(after)} after it; the floor is their mean (of those answered)`,
  );
  const failed = { rate: [] as string[], p99: [] as string[], errors: [] as string[] };
  const table = measured.map(([route, l]) => {
    const limit = route.cached ? 50 : 100;
    // The trivial route is the floor itself: only its p99 and errors are targets.
    const misses = [route.route === FLOOR || l.rate >= floor / 2 || 'rate', l.p99 <= limit || 'p99', l.errors === 0 || 'errors'].filter(
      (m) => m !== true,
    );
    for (const m of misses) failed[m as keyof typeof failed].push(route.route);
    return {
      route: route.route,
      paths: route.paths.length,
      'served as': served.get(route),
      'req/s': Math.round(l.rate),
      'of floor': `${Math.round((l.rate / floor) * 100)}%`,
      'p99 ms': Number.isNaN(l.p99) ? 'no answer' : l.p99,
      errors: l.errors,
      target: `≥ 50%, p99 ≤ ${limit} ms`,
      result: misses.length ? `NOT MET: ${misses.join(', ')}` : 'met',
    };
  });
  console.table(table);
  const named = (routes: string[]) =>
    routes.length ? ` (not: ${routes.slice(0, 5).join(', ')}${routes.length > 5 ? ` and ${routes.length - 5} more` : ''})` : '';
  printTargets(`Pages on ${name}`, [
    [`every route ≥ 50% of the trivial route's rate${named(failed.rate)}`, failed.rate.length === 0],
    [`p99 ≤ 50 ms on prerendered and cached pages, ≤ 100 ms on the others${named(failed.p99)}`, failed.p99.length === 0],
    [`0 errors on every route and in the mix${named(failed.errors)}`, failed.errors.length === 0 && all.errors === 0],
  ]);
}

async function search(site: Site, name: string) {
  if (S['route-warmup-seconds'] > 0) await load(site, [searchAsk], S.connections, S['route-warmup-seconds']);
  const from = searched;
  const l = await load(site, [searchAsk], S.connections, S['search-seconds']);
  const texts = searched - from;
  console.log(
    `\nJob search on ${name} (GET /rest/jobs/search as the board asks it, a different text at each request: ` +
      `${Math.min(texts, SEARCH_TEXTS).toLocaleString('en')} texts in ${texts.toLocaleString('en')} searches), ` +
      `${S.connections} connections, ${S['search-seconds']} s: ${fmt(l)}`,
  );
  const postgres = name === 'PostgreSQL';
  printTargets(`Job search on ${name}`, [
    [`≥ ${postgres ? 300 : 150} req/s`, l.rate >= (postgres ? 300 : 150)],
    ...(postgres ? [['p99 ≤ 100 ms', l.p99 <= 100] as Target] : []),
    ['0 errors', l.errors === 0],
  ]);
}

/** Still the server that was started: a server that exited (and was started again) would not be. */
const running = (site: Site) => site.child.exitCode === null && site.child.signalCode === null;

async function stress(site: Site, routes: Route[], name: string) {
  const connections = S['stress-connections'];
  const l = await load(site, traffic(routes), connections, S['stress-minutes'] * 60);
  console.log(
    `\nStress on ${name}: ${connections} connections, ${S['stress-minutes']} min of mixed traffic (every route, searches, forms): ` +
      `${fmt(l)} (${l.statuses}; forms past the rate limit are answered 429); RSS after it ${rss('-p', site.pid)} MB`,
  );
  printTargets(`Stress on ${name}`, [
    ['0 errors', l.errors === 0],
    [`no restart (the server started, pid ${site.pid}, still runs)`, running(site)],
  ]);
}

/** Mixed traffic on a server just started, its RSS sampled: flat from a fifth of the way (minute 2 of 10) to the end. */
async function soak(databaseUrl: string, name: string) {
  const site = await startSite(databaseUrl);
  try {
    const routes = await routesOf(site.base);
    const minutes = S['soak-minutes'];
    const started = Date.now();
    const sample = (): [number, number] => [(Date.now() - started) / 60_000, rss('-p', site.pid)];
    const curve = [sample()];
    const sampler = setInterval(() => curve.push(sample()), S['soak-sample-seconds'] * 1000);
    const l = await load(site, traffic(routes), S['soak-connections'], minutes * 60);
    clearInterval(sampler);
    curve.push(sample());
    // The embedded database runs in a process of its own, the server's child, as PostgreSQL does in its own.
    const databaseRss = rss('--ppid', site.pid);
    const up = running(site);
    const settled = curve.find(([m]) => m >= minutes / 5) ?? curve[0]!;
    const peak = Math.max(...curve.filter(([m]) => m >= settled[0]).map(([, mb]) => mb));
    const end = curve.at(-1)![1];
    console.log(`\nSoak on ${name}: ${minutes} min of mixed traffic, ${S['soak-connections']} connections: ${fmt(l)} (${l.statuses})`);
    console.log(`  RSS (min → MB): ${curve.map(([m, mb]) => `${m.toFixed(1)} → ${mb}`).join(', ')}`);
    if (databaseRss) console.log(`  The embedded database's own process at the end: ${databaseRss} MB`);
    // `ps` shows nothing (0) for a server that is no longer running: that is not a pass.
    printTargets(`Soak on ${name}`, [
      [
        `RSS flat within 10% from minute ${settled[0].toFixed(1)} to the end (${settled[1]} MB, peak ${peak} MB)`,
        up && peak <= settled[1] * 1.1,
      ],
      [`RSS ≤ 800 MB at the end (${end} MB)`, up && end > 0 && end <= 800],
      [`no restart (the server started, pid ${site.pid}, still runs)`, up],
    ]);
  } finally {
    await site.stop();
  }
}

/** A PostgreSQL database made for `fn`, dropped after it. */
async function withPostgres(fn: (url: string) => Promise<void>) {
  // A connection for each statement: one held through the run would break if PostgreSQL restarted.
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_ADMIN });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  const name = `site_bench_${Date.now()}`;
  await admin(`create database ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  try {
    await fn(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

async function main() {
  const settings = Object.entries(S).map(([k, v]) => `${k} ${v}`);
  console.log(`${QUICK ? 'Quick run' : 'Bench'}: ${ONLY.join(', ')} on ${ON.join(', ')}; ${settings.join(', ')}`);
  console.log(`${os.cpus().length} cores, ${loadAverage()}`);
  const has = (stage: (typeof STAGES)[number]) => ONLY.includes(stage);
  if (has('service') && ON.includes('pglite')) {
    const lite = await openDatabase({ pgliteDir: 'memory://' });
    await migrateDatabase(lite);
    await searchService('PGlite (embedded)', lite);
    await lite.close();
  }
  if ((has('service') || has('mail')) && ON.includes('postgres')) {
    await withPostgres(async (url) => {
      const database = await openDatabase({ url, pgliteDir: '' });
      await migrateDatabase(database);
      if (has('service')) await searchService('PostgreSQL', database);
      if (has('mail')) await mailRate(database);
      await database.close();
    });
  }
  for (const db of ON) {
    const name = db === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const run = async (url: string) => {
      if (has('pages') || has('search') || has('stress')) {
        const site = await startSite(url);
        try {
          const routes = await routesOf(site.base);
          if (has('pages')) await pages(site, routes, name);
          if (has('search')) await search(site, name);
          if (has('stress')) await stress(site, routes, name);
        } finally {
          await site.stop();
        }
      }
      if (has('soak') && S['soak-minutes'] > 0) await soak(url, name);
    };
    if (db === 'postgres') await withPostgres(run);
    else await run('');
  }
  const missed = allTargets.filter(([, met]) => !met);
  console.log(`\n${allTargets.length - missed.length} of ${allTargets.length} targets met; ${loadAverage()}`);
  for (const [target] of missed) console.log(`  NOT MET  ${target}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
