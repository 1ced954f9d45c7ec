import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMallocTrim, MALLOC_TRIM_ADDON, trimMallocRegularly } from './malloc-trim.mjs';

// A process that fills 100 MB with 1 KB blocks, keeps one in fifty (every page of freed memory
// then lies between blocks still in use, where free() keeps it), lets V8 free the rest, and
// reports its RSS before and after one trim.
const FRAGMENTED = `
const { trim } = require(process.argv[1]);
const mb = () => Math.round(process.memoryUsage.rss() / 1048576);
const kept = [];
let all = [];
for (let i = 0; i < 100_000; i++) {
  const block = Buffer.allocUnsafeSlow(1000).fill(1);
  all.push(block);
  if (i % 50 === 49) kept.push(block);
}
all = null;
globalThis.gc();
globalThis.gc();
setTimeout(() => {
  const freed = mb();
  trim();
  console.log(JSON.stringify({ freed, trimmed: mb(), kept: kept.length }));
}, 200);
`;

// Built where the server would build it: Linux, a C compiler, the headers of the Node that runs.
const headers = path.join(path.dirname(process.execPath), '..', 'include', 'node', 'node_api.h');
const missing =
  process.platform !== 'linux'
    ? 'not Linux'
    : !existsSync(headers)
      ? `no ${headers}`
      : spawnSync(process.env.CC || 'cc', ['--version']).status !== 0
        ? 'no C compiler (cc)'
        : '';
if (missing) console.log(`The memory trim helper's test is skipped: ${missing}.`);

describe("the server's memory trim", () => {
  afterEach(() => vi.unstubAllEnvs());

  it.skipIf(missing)('gives the system back the freed memory that lies between blocks still in use', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'malloc-trim-'));
    expect(buildMallocTrim(dir)).toBe(true);
    const child = spawnSync(process.execPath, ['--expose-gc', '-e', FRAGMENTED, path.join(dir, MALLOC_TRIM_ADDON)], {
      encoding: 'utf8',
      env: { ...process.env, MALLOC_ARENA_MAX: '1' },
    });
    expect(child.stderr).toBe('');
    const { freed, trimmed, kept } = JSON.parse(child.stdout) as { freed: number; trimmed: number; kept: number };
    expect(kept).toBe(2000);
    // About 100 MB are free inside the heap; glibc alone keeps them all.
    expect(freed - trimmed).toBeGreaterThan(60);
  });

  it('is built where a C compiler is, and left out, saying so, where none is', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'malloc-trim-'));
    vi.stubEnv('CC', path.join(dir, 'no-such-compiler'));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(buildMallocTrim(dir)).toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^The memory trim helper was not built \(.+\): the server runs without it\.$/));
    log.mockRestore();
    expect(existsSync(path.join(dir, MALLOC_TRIM_ADDON))).toBe(false);
    // A build without it: the server starts and does not trim.
    expect(trimMallocRegularly(dir)).toBe(false);
  });
});
