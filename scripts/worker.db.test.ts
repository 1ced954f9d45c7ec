import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/test-db';

// As `npm run worker` and the systemd unit start it: tsx as a loader in one process. tsx's own CLI
// is a second process that relays SIGTERM and kills the worker outright if it has not answered
// within 30 ms, which a busy machine misses: running jobs would be cut off.
const WORKER_COMMAND = 'TSX_TSCONFIG_PATH=tsconfig.scripts.json node --import tsx scripts/worker.ts';
function startWorker(env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], { env: { ...env, TSX_TSCONFIG_PATH: 'tsconfig.scripts.json' } });
}

describe('npm run worker', () => {
  it('runs as one process, as the systemd unit does', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.worker).toBe(WORKER_COMMAND);
    expect(readFileSync('deploy/site-worker@.service', 'utf8')).toMatch(/ExecStart=\S*node --import tsx scripts\/worker\.ts\n/);
  });

  let t: TestDatabase | undefined;
  afterAll(() => t?.drop());

  it('starts, and stops cleanly within 10 s on SIGTERM', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'site-worker-')), LOG_LEVEL: 'info' };
    if (process.env.TEST_DB === 'postgres') {
      t = await createTestDatabase();
      await t.database.close();
      env.DATABASE_URL = t.url;
    }
    const child = startWorker(env);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 30_000);
      child.stdout.on('data', () => {
        if (output.includes('worker ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const stoppedAt = Date.now();
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(output).toContain('runtime stopped');
  });

  it('refuses to start with a bad setting, naming it', async () => {
    const env = { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'site-worker-')), SMTP_URL: 'mail.example.com:25' };
    const child = startWorker(env);
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('SMTP_URL: must start with smtp:// or smtps://');
  });
});
