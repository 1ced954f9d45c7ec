// `npm test`: the static checks (typecheck, lint, formatting, dead code) beside the production
// build, then the unit and API tests (on PGlite, and on PostgreSQL when DATABASE_URL is set), then
// the browser tests on that build, and the cluster tests. Prints each step's time and the
// total; stops at the first step that fails, printing its output.
import { spawn } from 'node:child_process';

process.env.NEXT_TELEMETRY_DISABLED = '1';

/** Steps of one stage run at once; a stage starts when the one before it has passed. */
const stages = [
  [
    { name: 'typecheck', args: ['tsc', '--noEmit'] },
    { name: 'lint', args: ['eslint', '--max-warnings', '0', '.'] },
    { name: 'formatting (Prettier; `npm run format` fixes it)', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
    { name: 'dead files, exports and dependencies (knip)', args: ['knip', '--no-progress'] },
    // Built on the embedded database (without DATABASE_URL a build needs no production secrets);
    // the browser and the cluster tests' servers all run this one build.
    {
      name: 'production build',
      cmd: 'node',
      args: ['src/server/http/start.ts', '--build-only'],
      env: { DATABASE_URL: '', REDIS_URL: '' },
    },
  ],
  [
    {
      name: process.env.DATABASE_URL
        ? 'unit and API tests (PGlite and PostgreSQL)'
        : 'unit and API tests (PGlite; set DATABASE_URL to add PostgreSQL)',
      args: ['vitest', 'run'],
      live: true,
    },
  ],
  [{ name: 'browser tests', args: ['playwright', 'test'], live: true }],
  // Last: one of them stops and starts PostgreSQL.
  [
    {
      name: 'cluster tests (nginx, two web nodes, two workers; PostgreSQL and Redis)',
      args: ['playwright', 'test', '-c', 'playwright.cluster.config.ts'],
      live: true,
    },
  ],
];

const seconds = (since) => Math.round((Date.now() - since) / 1000);

/** Runs a step; a step of a stage with others keeps its output until it ends, so none interleave. */
function run({ name, cmd = 'npx', args, env = {}, live = false }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (output.trim()) console.log(`\n── ${name}\n${output.trimEnd()}`);
      console.log(`${code === 0 ? '✔' : '✖'} ${name} (${seconds(started)} s)`);
      resolve(code === 0);
    });
  });
}

const started = Date.now();
for (const stage of stages) {
  console.log(`\n▶ ${stage.map((s) => s.name).join(' · ')}`);
  const passed = await Promise.all(stage.map(run));
  if (passed.includes(false)) {
    console.error(`\n✖ npm test failed after ${seconds(started)} s`);
    process.exit(1);
  }
}
console.log(`\n✔ npm test passed in ${seconds(started)} s`);
