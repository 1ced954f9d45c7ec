// Bundles the API (src/server/api/node-entry.ts) beside the build, for scripts/start.mjs to serve
// /rest without going through Next (decision 038). What the code imports only when it needs it
// (the S3 client, the invoice's PDF writer) goes into chunks of its own, loaded then: in one file,
// esbuild would hoist those packages' imports to the top and every server would load them at start
// (decision 055). Packages stay in
// node_modules, but for Hono and its OpenAPI layer: bundled, their `Response` is the adapter's
// lighter one (light-response.mjs, decision 044). Run after every `next build` (next.config.ts,
// runAfterProductionCompile).
import path from 'node:path';
import { build } from 'esbuild';

// Hono and the packages that build on it, so that all of them use the bundled Hono.
const BUNDLED = /^(hono|@hono\/zod-openapi|@hono\/zod-validator)(\/|$)/;
// Node resolves ESM imports of packages without an exports map only by their file name.
const BY_FILE_NAME = {
  'next/cache': 'next/cache.js',
  'next/dist/server/lib/incremental-cache/tags-manifest.external': 'next/dist/server/lib/incremental-cache/tags-manifest.external.js',
};

/** @param {string} root @returns {import('esbuild').Plugin} */
const packagesStayOutside = (root) => ({
  name: 'packages-stay-outside',
  setup(b) {
    // Bare names only: the project's own `@/` paths are resolved by esbuild from tsconfig.json.
    b.onResolve({ filter: /^[^./]/ }, ({ path: name }) => {
      if (name === 'server-only') return { path: path.join(root, 'scripts/lib/server-only-stub.ts') };
      if (BUNDLED.test(name) || name.startsWith('@/')) return undefined;
      return { path: BY_FILE_NAME[/** @type {keyof typeof BY_FILE_NAME} */ (name)] ?? name, external: true };
    });
  },
});

export const API_BUNDLE = 'api/server.mjs';

/**
 * @param {string} root the project
 * @param {string} distDir the build's folder (.next)
 */
export async function bundleApi(root, distDir) {
  await build({
    absWorkingDir: root,
    entryPoints: ['src/server/api/node-entry.ts'],
    outdir: path.join(distDir, path.dirname(API_BUNDLE)),
    entryNames: path.basename(API_BUNDLE, '.mjs'),
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    plugins: [packagesStayOutside(root)],
    inject: ['scripts/lib/light-response.mjs'],
    jsx: 'automatic',
    logLevel: 'warning',
  });
}
