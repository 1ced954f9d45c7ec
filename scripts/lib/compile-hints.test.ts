import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, markChunksForEagerCompile } from './compile-hints.mjs';

describe('compile hints in the build', () => {
  it('mark every browser script once, as its first line, and nothing else', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'hints-'));
    const chunks = path.join(dist, 'static', 'chunks');
    mkdirSync(path.join(chunks, 'app'), { recursive: true });
    mkdirSync(path.join(dist, 'server'), { recursive: true });
    writeFileSync(path.join(chunks, 'a.js'), '"use strict";var a=1;');
    writeFileSync(path.join(chunks, 'app', 'b.js'), '(globalThis.TURBOPACK||=[]).push([]);');
    writeFileSync(path.join(chunks, 'c.css'), 'body{}');
    writeFileSync(path.join(dist, 'server', 'd.js'), 'module.exports={}');

    expect(await markChunksForEagerCompile(dist)).toBe(2);
    expect(readFileSync(path.join(chunks, 'a.js'), 'utf8')).toBe(`${COMPILE_HINT}"use strict";var a=1;`);
    expect(readFileSync(path.join(chunks, 'app', 'b.js'), 'utf8')).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||=[]).push([]);`);
    expect(readFileSync(path.join(chunks, 'c.css'), 'utf8')).toBe('body{}');
    expect(readFileSync(path.join(dist, 'server', 'd.js'), 'utf8')).toBe('module.exports={}');
    // A second run (a build step run again) adds nothing.
    expect(await markChunksForEagerCompile(dist)).toBe(0);
    expect(readFileSync(path.join(chunks, 'a.js'), 'utf8').split(COMPILE_HINT)).toHaveLength(2);
  });

  it('leave a build without browser scripts alone', async () => {
    expect(await markChunksForEagerCompile(mkdtempSync(path.join(tmpdir(), 'hints-')))).toBe(0);
  });
});
