import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/lib/chromium.mjs';

// The cluster tests (tests/cluster): they start nginx, two web nodes, two workers, S3 and SMTP
// themselves (scripts/lib/cluster.ts) on the machine's PostgreSQL and Redis, kill and restart
// them, and restart PostgreSQL: one file, in order, after every other test.
export default defineConfig({
  testDir: 'tests/cluster',
  testMatch: '**/*.cluster.ts',
  timeout: 120_000,
  workers: 1,
  reporter: [['list']],
  use: { launchOptions: { executablePath: chromiumPath, args: chromiumFlags } },
});
