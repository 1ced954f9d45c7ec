import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit tests run once; database tests (*.db.test.ts) run on PGlite, and again on PostgreSQL
// when DATABASE_URL points at a server. Each test file gets a database of its own, copied from one
// migrated before the workers start (tests/support/db-template.ts).
const pgUrl = process.env.DATABASE_URL;
// Redis-backed rate limits are tested when REDIS_URL is set (CI sets it); other tests count in memory.
const common = {
  NODE_ENV: 'test' as const,
  LOG_LEVEL: 'silent',
  DATABASE_URL: '',
  SMTP_URL: '',
  REDIS_URL: '',
  TEST_REDIS_URL: process.env.REDIS_URL ?? '',
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '#tests': path.resolve(import.meta.dirname, 'tests/support'),
      'server-only': path.resolve(import.meta.dirname, 'scripts/lib/server-only-stub.ts'),
    },
  },
  test: {
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Three files at a time, not Vitest's default of one fewer than the cores: on a 2-core machine
    // that is one, and the database tests mostly wait on their database's process, SMTP and the
    // commands they start (628 s in one worker, 360 s in two for the same files; 330 s in two and
    // 305 s in three for the suite of 138 files).
    maxWorkers: 3,
    projects: [
      {
        extends: true as const,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'], exclude: ['**/*.db.test.ts'], env: common },
      },
      {
        extends: true as const,
        test: {
          name: 'pglite',
          globalSetup: ['tests/support/db-template.ts'],
          setupFiles: ['tests/support/setup-features.ts'],
          include: ['src/**/*.db.test.ts', 'scripts/**/*.db.test.ts'],
          env: { ...common, TEST_DB: 'pglite' },
        },
      },
      ...(pgUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                globalSetup: ['tests/support/db-template.ts'],
                setupFiles: ['tests/support/setup-features.ts'],
                include: ['src/**/*.db.test.ts', 'scripts/**/*.db.test.ts'],
                env: { ...common, TEST_DB: 'postgres', TEST_PG_URL: pgUrl },
              },
            },
          ]
        : []),
    ],
  },
});
