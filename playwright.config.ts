import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/lib/chromium.mjs';

// Browser tests run against the production server (`npm start`), on a fresh embedded database,
// in Debian's Chromium (CHROME_PATH to use another binary). No browser is downloaded.
// E2E_PORT and E2E_SMTP_PORT let two checkouts run their browser tests side by side.
const port = Number(process.env.E2E_PORT || 3210);
const smtpPort = Number(process.env.E2E_SMTP_PORT || 3925);
process.env.E2E_SMTP_PORT = String(smtpPort);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'site-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  globalSetup: './tests/support/e2e-global-setup.ts',
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  timeout: 30_000,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
  // The job board's tests count the demo board, and other files add jobs to it and take them off
  // again: the board's run first, on their own, and the rest after them.
  projects: [
    { name: 'board', testMatch: 'jobs.e2e.ts', use: { browserName: 'chromium' } },
    { name: 'chromium', testIgnore: 'jobs.e2e.ts', dependencies: ['board'], use: { browserName: 'chromium' } },
  ],
  webServer: {
    // As in production (`npm start`).
    command: 'node src/server/http/start.ts',
    url: `${baseURL}/rest/ready`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Its own embedded database and in-memory rate limits; its mail goes to the tests' SMTP server.
    // Behind a "proxy" (x-real-ip), so a test can be a visitor of its own instead of sharing the
    // per-address form limit with every other test; without the header the connection's address counts.
    // A production server without Stripe needs the account bank transfers go to. Applications go
    // to recruiting, not to sales.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      REDIS_URL: '',
      RECRUITING_EMAIL: 'recruiting@acme-digital.example',
      TRUSTED_PROXY_HEADER: 'x-real-ip',
      BANK_ACCOUNT_HOLDER: 'Example Training Ltd',
      BANK_IBAN: 'DE89 3704 0044 0532 0130 00',
      BANK_BIC: 'COBADEFFXXX',
      LOG_LEVEL: 'warn',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
