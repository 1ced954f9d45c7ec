import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { alertSubscriptions } from '@/features/alerts/server/alerts-table';
import { importJobs } from '@/features/jobs/server/import-jobs';
import { migrateDatabase, openDatabase, pgliteDirFor } from '@/server/db/client';
import { jobInput } from '#tests/job-factory';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';

describe('npm run alerts -- send --now', () => {
  let t: TestDatabase | undefined;
  afterAll(() => t?.drop());

  // Runs the command in a second process (tsx compiles it first): slow on a busy machine.
  it('sends the digests that are due, as mail', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-alerts-'));
    // The site's address, as its server records it when it starts (the digest's links carry it).
    writeFileSync(path.join(dataDir, 'public-url'), 'https://jobs.example.test\n');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    if (process.env.TEST_DB === 'postgres') {
      t = await createTestDatabase();
      env.DATABASE_URL = t.url;
    }
    const database = t?.database ?? (await openDatabase({ pgliteDir: pgliteDirFor(dataDir) }));
    if (!t) await migrateDatabase(database);
    const weekAgo = new Date(Date.now() - 8 * 86_400_000);
    await importJobs(database.db, [
      jobInput({ external_id: 'cli-job', position: 'Rust Engineer', posted_at: new Date(Date.now() - 86_400_000) }),
    ]);
    await database.db.insert(alertSubscriptions).values({
      id: 'cli-test-subscription',
      email: 'cli@example.com',
      locale: 'it',
      search: { dashboard: 'all', queryText: 'rust', filters: {} },
      searchKey: 'cli',
      frequency: 'weekly',
      status: 'active',
      lastDigestAt: weekAgo,
      nextDigestAt: new Date(weekAgo.getTime() + 7 * 86_400_000),
    });
    if (!t) await database.close();

    const run = spawnSync(
      process.execPath,
      [path.resolve('node_modules/tsx/dist/cli.mjs'), '--tsconfig', 'tsconfig.scripts.json', 'scripts/alerts.ts', 'send', '--now'],
      { env, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('1 digests queued');
    const folder = path.join(dataDir, 'mail');
    expect(existsSync(folder)).toBe(true);
    const [file] = readdirSync(folder);
    const eml = readFileSync(path.join(folder, file!), 'utf8');
    expect((await simpleParser(eml)).subject).toBe('1 nuova offerta per «Tutte le offerte · “rust”»');
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(eml).toContain('https://jobs.example.test/');
  }, 120_000);
});
