import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { alertSubscriptions } from '@/features/alerts/server/alerts-table';
import { importJobs } from '@/features/jobs/server/import-jobs';
import { closeDatabase } from '@/server/db';
import { useApiDatabase } from '#tests/api-db';
import { jobInput } from '#tests/job-factory';

describe('npm run alerts -- send --now', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(() => cleanup?.());

  // Runs the command in a second process (tsx compiles it first): slow on a busy machine.
  it('sends the digests that are due, as mail', async () => {
    // This file's database, in its own DATA_DIR (PGlite) or at DATABASE_URL, which the command opens too.
    const api = await useApiDatabase();
    cleanup = api.cleanup;
    const dataDir = process.env.DATA_DIR!;
    // The site's address, as its server records it when it starts (the digest's links carry it).
    writeFileSync(path.join(dataDir, 'public-url'), 'https://jobs.example.test\n');
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
    const database = api.database;
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
    // The embedded database takes one process at a time: the command's comes next.
    await closeDatabase();

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
