import fs from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Boundaries between the features (docs/architecture.md, "Features"): a feature owns its tables,
// its SQL and its rules; another feature uses them through the feature's public entries only:
//   '@/features/<f>'                index.ts: what other features' client code uses (components, hooks, light helpers)
//   '@/features/<f>/schema'         schema.ts: its zod schemas, which its forms and the API share
//   '@/features/<f>/server'         server/index.ts: what other features' server code uses
//   '@/features/<f>/server/tables'  the tables another feature's table may reference by a foreign key, in *-table(s).ts files only
// Three entries rather than one: a page that imports one light helper must not load the feature's
// schemas (zod) or its server code with it, nor the API's bundle its React components.
// src/server is the infrastructure: it imports no feature, it reads the installed list (features()).
// Nothing outside a feature imports the feature's tables.
// Only static imports and `export … from` are checked (no-restricted-imports does not see import()).
const FEATURES = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const ENTRIES = ['schema', 'server'];
const TABLE_ENTRY = 'server/tables';

const INTERNALS =
  "Another feature's internals and tables are its own: import '@/features/<f>' (client code), '@/features/<f>/schema' or '@/features/<f>/server', and add there what is missing (eslint.config.mjs).";
const RELATIVE = "Import another feature through its public entries ('@/features/<f>', '/schema', '/server'), not by a relative path.";
const ROOT = "'@/features' is the list of every feature: only the composition roots import it.";
const SERVER = 'src/server imports no feature: it reads the installed list (features()); a feature plugs in through its FeatureModule.';
const TABLES = "A feature's tables are its own: use the functions of its server entry ('@/features/<f>/server').";

/**
 * no-restricted-imports for the files of feature `own`: other features only through their public
 * entries (and their table entry in a table file, `tables`).
 */
function featureBoundaries(own, { tables = false } = {}) {
  const others = FEATURES.filter((f) => f !== own).join('|');
  const entries = [...ENTRIES, ...(tables ? [TABLE_ENTRY] : [])].join('|');
  return [
    'error',
    {
      patterns: [
        { regex: `^@/features/(?:${others})/(?!(?:${entries})$)`, message: INTERNALS },
        { regex: `^(?:\\.\\./)+(?:features/)?(?:${others})(?:/|$)`, message: RELATIVE },
        { regex: '^@/features(?:/index)?$', message: ROOT },
      ],
    },
  ];
}

const tableFiles = (feature) => [`src/features/${feature}/server/*-table.ts`, `src/features/${feature}/server/*-tables.ts`];

// Exemptions, each with its reason.

// The composition roots: they name the features' modules, which is what they are for.
const COMPOSITION_ROOTS = [
  // The list of features: the only file that names them all.
  'src/features/index.ts',
  // Installs the list in the server's runtime.
  'src/instrumentation.ts',
  // The API as `npm start` serves it: createApi(features), and the job page visits of the pages
  // answered before Next (the jobs feature's job-visit.ts, which the proxy imports too).
  'src/server/api/node-entry.ts',
  // The API for `next dev`: createApi(features).
  'src/app/rest/\\[\\[...route\\]\\]/route.ts',
];

// Tests and their helpers set up and check a feature's rows directly, and compose the features
// as the roots do.
const TESTS = ['tests/**', '**/*.test.ts', '**/*.test.tsx'];

// The benchmarks fill the tables with bulk rows (thousands of jobs and leads) as the test helpers
// do; they are not part of the application.
const BENCHMARKS = ['scripts/bench.ts', 'scripts/bench-office.ts'];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Only src/server/env.ts reads the environment (scripts and build config excepted).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts.' },
      ],
      // Next's internals change without notice between its releases: only its documented entries
      // (next, next/server, next/cache, …), everywhere, tests and scripts too, by import or require.
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^next\\u002Fdist(\\u002F|$)/]', message: "next/dist is Next's internals: use its documented API." },
      ],
      // Outside the features and src/server (pages, scripts, the rest of src): no feature's tables.
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(?:^|/)features/[^/]+/server/(?:[^/]+-tables?|tables)$', message: TABLES }] },
      ],
    },
  },
  ...FEATURES.map((feature) => ({ files: [`src/features/${feature}/**`], rules: { 'no-restricted-imports': featureBoundaries(feature) } })),
  // src/server: no feature, by the alias or by a relative path out of src/server (as deep as the file is).
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`src/server/${'*/'.repeat(depth)}*`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/features(?:/|$)', message: SERVER },
            { regex: `^(?:\\.\\./){${depth + 1}}features(?:/|$)`, message: SERVER },
          ],
        },
      ],
    },
  })),
  // A table's foreign key to another feature's table, through that feature's table entry.
  ...FEATURES.map((feature) => ({
    files: tableFiles(feature),
    rules: { 'no-restricted-imports': featureBoundaries(feature, { tables: true }) },
  })),
  { files: [...COMPOSITION_ROOTS, ...TESTS, ...BENCHMARKS], rules: { 'no-restricted-imports': 'off' } },
  {
    // The web server's entry starts Next, before the site's env module exists in the process.
    files: [
      'src/server/env.ts',
      'src/instrumentation.ts',
      'src/server/http/start.ts',
      'scripts/**',
      'tests/**',
      '*.config.*',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  globalIgnores(['.next/**', 'node_modules/**', 'next-env.d.ts', 'drizzle/**', 'public/sw.js', 'test-results/**', 'playwright-report/**']),
]);
