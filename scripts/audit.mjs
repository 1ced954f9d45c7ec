// `npm run audit`: Lighthouse (mobile preset) on a production build, on the pages quality.md names:
// prints the four category scores and the JavaScript each page loads (gzip), the conditions it
// ran under (Chromium, benchmarkIndex, load, the longest tasks and how much of their time the page's
// main thread was on a core), and keeps the full reports. Run by hand; it is not part of
// `npm test` (scores move with the machine's load).
// Each page is audited AUDIT_RUNS times (5) and the median run by performance is reported, with
// the range: Lighthouse's own advice, as one run's simulated timings vary by several points.
//
//   npm run audit                 # builds when needed, serves on AUDIT_PORT (3300) from a fresh database
//   AUDIT_URL=https://… npm run audit   # audits a running site instead
//   AUDIT_PAGES=/,/about npm run audit  # only these pages
//   AUDIT_REFERENCE_INDEX=1900 npm run audit  # as on a machine whose benchmarkIndex is 1,900
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './lib/chromium.mjs';
import { cpuSlowdown, DEFAULT_SLOWDOWN, referenceIndexOf } from './lib/cpu-slowdown.mjs';
import { longTasksOnCpu } from './lib/trace-tasks.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.AUDIT_PORT || 3300);
const external = process.env.AUDIT_URL?.replace(/\/$/, '');
const base = external || `http://localhost:${port}`;
const outDir = mkdtempSync(path.join(tmpdir(), 'site-audit-'));
const runs =
  process.env.AUDIT_RUNS && Number.isFinite(Number(process.env.AUDIT_RUNS)) ? Math.max(1, Math.floor(Number(process.env.AUDIT_RUNS))) : 5;

// AUDIT_REFERENCE_INDEX: audit as on a machine of that benchmarkIndex (cpu-slowdown.mjs).
const referenceIndex = referenceIndexOf(process.env.AUDIT_REFERENCE_INDEX);

// quality.md: JavaScript budget per kind of page, KB gzip.
const BUDGET = { marketing: 110, board: 150 };

async function waitForReady(url, ms = 600_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-audit-data-'));
  const child = spawn(process.execPath, [path.join(root, 'src/server/http/start.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    // PUBLIC_URL is set so the prerendered canonical addresses name this server (a build made for
    // another port would point elsewhere and fail Lighthouse's canonical check).
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
  return child;
}

async function jobPage() {
  const res = await fetch(`${base}/rest/jobs/search?pageSize=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ search: { dashboard: 'all' } }),
  });
  const [job] = (await res.json()).items;
  return `/jobs/all/specs/${job.id}`;
}

/**
 * First-load JavaScript: the scripts the page's HTML names (what Next calls "First Load JS"),
 * fetched and gzipped here. Chunks prefetched later for links in view are not counted.
 */
async function firstLoadKb(path) {
  const html = await (await fetch(base + path)).text();
  // Modern browsers skip `nomodule` scripts (the legacy polyfills): they are not counted. The
  // chunks asked for after the first paint are named by their placeholders (decision 042).
  const tags = [...html.matchAll(/<script([^>]*)\s(?:data-)?src="([^"]+)"[^>]*>/g)].filter((m) => !/nomodule/i.test(m[0]));
  const sources = [...new Set(tags.map((m) => m[2]))];
  let bytes = 0;
  for (const src of sources) bytes += gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer()), { level: 9 }).length;
  return { kb: bytes / 1024, files: sources.length };
}

async function main() {
  const server = external ? null : startServer();
  try {
    await waitForReady(`${base}/rest/ready`);
    // AUDIT_PAGES=/,/about audits only those pages (the board's budget for /jobs…, marketing else).
    const only = process.env.AUDIT_PAGES?.split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const pages = only?.length
      ? only.map((p) => ({ path: p, kind: p.startsWith('/jobs') ? 'board' : 'marketing' }))
      : [
          { path: '/', kind: 'marketing' },
          { path: '/jobs', kind: 'board' },
          { path: '/contact', kind: 'marketing' },
          { path: '/sp/training', kind: 'marketing' },
          { path: '/case-studies/retail-checkout', kind: 'marketing' },
          { path: await jobPage(), kind: 'board' },
        ];
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: ['--headless=new', ...chromiumFlags],
    });
    const rows = [];
    const benchmarks = [];
    const loadBefore = loadavg();
    let lighthouseVersion = '';
    let slowdown = DEFAULT_SLOWDOWN;
    let measuredIndex = 0;
    try {
      // One run thrown away: the server's start-up work (seeding, the queue's first jobs) and a cold
      // Chrome would otherwise weigh on the first page's figures only. With a reference index, three
      // more measure this machine's (their median; the cold first one reads low).
      const indices = [];
      for (let i = 0; i < (referenceIndex ? 4 : 1); i++) {
        const { lhr } = await lighthouse(base + '/', {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (i > 0) indices.push(lhr.environment?.benchmarkIndex);
      }
      ({ slowdown, measured: measuredIndex } = cpuSlowdown(indices, referenceIndex));
      const flags = { port: chrome.port, output: 'json', logLevel: 'error', throttling: { cpuSlowdownMultiplier: slowdown } };
      for (const page of pages) {
        // A first visit warms the server's caches; the audited visit is the second.
        await fetch(base + page.path);
        const results = [];
        for (let i = 0; i < runs; i++) {
          const { lhr, report, artifacts } = await lighthouse(base + page.path, flags);
          // The trace is large: only what is read from it is kept.
          results.push({ lhr, report, onCpu: longTasksOnCpu(artifacts?.Trace?.traceEvents ?? [], base) });
        }
        const perf = (r) => r.lhr.categories.performance?.score ?? 0;
        // A run Chrome could not trace (NO_NAVSTART and the like) scores 0: it is left out, and counted.
        const good = results.filter((r) => !r.lhr.runtimeError).sort((a, b) => perf(a) - perf(b));
        const ranked = good.length ? good : results;
        const { lhr, report, onCpu } = ranked[Math.floor((ranked.length - 1) / 2)];
        const failed = results.length - good.length;
        const range = `${Math.round(perf(ranked[0]) * 100)}–${Math.round(perf(ranked.at(-1)) * 100)}${failed ? `, ${failed} failed` : ''}`;
        lighthouseVersion = lhr.lighthouseVersion;
        benchmarks.push(...results.map((r) => r.lhr.environment?.benchmarkIndex).filter((n) => typeof n === 'number'));
        // The three longest main-thread tasks of the median run, as Lighthouse lists them.
        const tasks = (lhr.audits['long-tasks']?.details?.items ?? [])
          .slice()
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms (${shortUrl(t.url)})`);
        const name = page.path === '/' ? 'home' : page.path.slice(1).replace(/\W+/g, '_');
        writeFileSync(path.join(outDir, `${name}.json`), report);
        const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const js = await firstLoadKb(page.path);
        rows.push({
          page: page.path,
          status: lhr.runtimeError ? lhr.runtimeError.code : '',
          performance: score('performance'),
          range,
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          jsKb: Number(js.kb.toFixed(1)),
          budgetKb: BUDGET[page.kind],
          lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
          longestTasks: tasks,
          onCpu,
          failing: Object.values(lhr.categories)
            .flatMap((c) => c.auditRefs)
            .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 0.9)
            .map((ref) => ref.id),
        });
      }
    } finally {
      await chrome.kill();
    }
    console.log(`\nLighthouse ${lighthouseVersion} (mobile preset) on ${base}, median of ${runs} runs; full reports in ${outDir}`);
    // What the figures depend on, so that two machines' figures can be compared.
    const sorted = benchmarks.slice().sort((a, b) => a - b);
    const median = sorted.length ? Math.round(sorted[Math.floor((sorted.length - 1) / 2)]) : 'unknown';
    const load = (l) => l.map((n) => n.toFixed(2)).join(' ');
    console.log(
      `Conditions: ${chromiumVersion()}; Lighthouse benchmarkIndex ${median} (${sorted.length ? `${Math.round(sorted[0])}–${Math.round(sorted.at(-1))}` : 'none'} over ${sorted.length} runs); load average ${load(loadBefore)} before, ${load(loadavg())} after; ${cpus().length} CPUs; CPU slowdown ${slowdown}×${referenceIndex ? ` (${DEFAULT_SLOWDOWN} × index ${Math.round(measuredIndex)} measured before the audit / reference ${referenceIndex})` : ''}\n`,
    );
    console.log('| page | performance (range) | accessibility | best practices | SEO | first-load JS, gzip (budget) | LCP | TBT |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| \`${r.page}\` | ${r.performance} (${r.range}) | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.jsKb} KB (${r.budgetKb}) | ${r.lcpMs} ms | ${r.tbtMs} ms |`,
      );
    }
    console.log("\nThe three longest main-thread tasks of each page's median run, as Lighthouse lists them:");
    for (const r of rows) console.log(`- \`${r.page}\`: ${r.longestTasks.length ? r.longestTasks.join('; ') : 'none over 50 ms'}`);
    // Lighthouse multiplies what it observed by its CPU slowdown: a main thread that waited for a
    // core (or for the browser process) in its tasks weighs as if the page had worked all that time.
    console.log(`\nThe page's main thread, in its tasks of 10 ms and more (observed, before the ${slowdown}× slowdown), median run:`);
    for (const r of rows)
      console.log(
        `- \`${r.page}\`: ${r.onCpu ? `${r.onCpu.tasks} tasks, ${r.onCpu.wallMs} ms, of which ${r.onCpu.cpuMs} ms on a core (${r.onCpu.share}%)` : 'no trace'}`,
      );
    for (const r of rows)
      if (r.failing.length || r.status)
        console.log(`\n${r.page}: ${r.status ? `error ${r.status}; ` : ''}audits below 90: ${r.failing.join(', ')}`);
    writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify(rows, null, 2));
  } finally {
    server?.kill('SIGTERM');
  }
}

function chromiumVersion() {
  try {
    return execFileSync(chromiumPath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `Chromium at ${chromiumPath} (version unknown)`;
  }
}

/** A task's script, without the site's origin and the build's hash noise kept short. */
function shortUrl(url) {
  if (!url) return 'unattributable';
  return url.replace(base, '').replace(/^(.{60}).+$/, '$1…');
}

mkdirSync(outDir, { recursive: true });
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
