// `npm test`: typecheck, lint, formatting, dead code, unit and API tests (on PGlite, and on PostgreSQL when
// DATABASE_URL is set), then the browser tests against a production build, then the cluster tests.
import { spawnSync } from 'node:child_process';

process.env.NEXT_TELEMETRY_DISABLED = '1';

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['formatting (Prettier; `npm run format` fixes it)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['dead files, exports and dependencies (knip)', 'npx', ['knip', '--no-progress']],
  [
    process.env.DATABASE_URL
      ? 'unit and API tests (PGlite and PostgreSQL)'
      : 'unit and API tests (PGlite; set DATABASE_URL to add PostgreSQL)',
    'npx',
    ['vitest', 'run'],
  ],
  ['browser tests', 'npx', ['playwright', 'test']],
  // Last: one of them stops and starts PostgreSQL.
  [
    'cluster tests (nginx, two web nodes, two workers; PostgreSQL and Redis)',
    'npx',
    ['playwright', 'test', '-c', 'playwright.cluster.config.ts'],
  ],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
}
