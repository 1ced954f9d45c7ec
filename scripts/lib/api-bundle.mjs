// Bundles the API (src/server/api/node-entry.ts) into one file beside the build, for
// scripts/start.mjs to serve /rest without going through Next (decision 038). Packages stay in
// node_modules; only the project's own code is bundled. Run after every `next build`
// (next.config.ts, runAfterProductionCompile).
import path from 'node:path';
import { build } from 'esbuild';

export const API_BUNDLE = 'api-server.mjs';

/**
 * @param {string} root the project
 * @param {string} distDir the build's folder (.next)
 */
export async function bundleApi(root, distDir) {
  await build({
    absWorkingDir: root,
    entryPoints: ['src/server/api/node-entry.ts'],
    outfile: path.join(distDir, API_BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    // Node resolves ESM imports of packages without an exports map only by their file name.
    alias: {
      'server-only': './scripts/lib/server-only-stub.ts',
      'next/cache': 'next/cache.js',
      'next/dist/server/lib/incremental-cache/tags-manifest.external': 'next/dist/server/lib/incremental-cache/tags-manifest.external.js',
    },
    logLevel: 'warning',
  });
}
