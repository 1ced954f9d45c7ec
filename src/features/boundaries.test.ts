import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The boundaries between features are lint rules (eslint.config.mjs): these snippets, linted as if
// they were files at those paths, show what the rules refuse and what they let through.

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary errors of `lines` as the file `file`: one import a line, each reported by its line. */
async function boundaryErrors(file: string, ...lines: string[]): Promise<{ line: number; message: string }[]> {
  const [result] = await eslint.lintText(lines.join('\n'), { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map(({ line, message }) => ({ line, message }));
}

describe('a feature', () => {
  it("refuses another feature's internals and tables, by the alias or a relative path", async () => {
    const errors = await boundaryErrors(
      'src/features/postings/server/example.ts',
      "import { findAnyJob } from '@/features/jobs/server/jobs-repository';",
      "import { jobs } from '@/features/jobs/server/jobs-table';",
      "import { jobsChanged } from '../../jobs/server/jobs-changed';",
      "import { Honeypot } from '@/features/forms/ui/honeypot';",
      "import { jobs as referenced } from '@/features/jobs/server/tables';",
      "import { features } from '@/features';",
      'export const used = [findAnyJob, jobs, jobsChanged, Honeypot, referenced, features];',
    );
    expect(errors.map((e) => e.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(errors[0]!.message).toContain("import '@/features/<f>' (client code), '@/features/<f>/schema' or '@/features/<f>/server'");
    expect(errors[2]!.message).toContain('not by a relative path');
    expect(errors[5]!.message).toContain('only the composition roots');
  });

  it('takes another feature through its public entries, and its own modules by any path', async () => {
    const errors = await boundaryErrors(
      'src/features/postings/server/example.ts',
      "import { findAnyJob, jobsChanged } from '@/features/jobs/server';",
      "import { searchFromParams } from '@/features/jobs';",
      "import { JobSearch } from '@/features/jobs/schema';",
      "import { defineForm } from '@/features/forms/server';",
      "import { jobPostings } from '@/features/postings/server/postings-table';",
      "import { pageUrl } from './postings-links';",
      'export const used = [findAnyJob, jobsChanged, searchFromParams, JobSearch, defineForm, jobPostings, pageUrl];',
    );
    expect(errors).toEqual([]);
  });

  it('holds for every feature, the forms kernel’s users too: none is let through to its internals', async () => {
    const internals = [
      "import { leads } from '@/features/forms/server/leads-table';",
      "import { storeLead } from '@/features/forms/server/submissions';",
      "import { Honeypot } from '@/features/forms/ui/honeypot';",
      "import { email } from '@/features/forms/fields';",
      "import { getJob } from '@/features/jobs/server/jobs-service';",
      'export const used = [leads, storeLead, Honeypot, email, getJob];',
    ];
    for (const file of [
      'src/features/applications/server/applicants.ts',
      'src/features/applications/ui/cv-form.tsx',
      'src/features/courses/server/registrations-service.ts',
      'src/features/privacy/schema.ts',
    ]) {
      expect((await boundaryErrors(file, ...internals)).map((e) => e.line)).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it("references another feature's table by a foreign key in its table files only, through the table entry", async () => {
    const code = ["import { jobs } from '@/features/jobs/server/tables';", 'export const referenced = jobs;'];
    expect(await boundaryErrors('src/features/postings/server/example-table.ts', ...code)).toEqual([]);
    expect(await boundaryErrors('src/features/postings/server/example-tables.ts', ...code)).toEqual([]);
    expect(await boundaryErrors('src/features/postings/server/example.ts', ...code)).toHaveLength(1);
    const internal = ["import { jobs } from '@/features/jobs/server/jobs-table';", 'export const referenced = jobs;'];
    expect(await boundaryErrors('src/features/postings/server/example-table.ts', ...internal)).toHaveLength(1);
  });
});

describe('src/server', () => {
  it('imports no feature, by the alias or by a relative path out of src/server', async () => {
    const errors = await boundaryErrors(
      'src/server/example.ts',
      "import { features } from '@/features';",
      "import { findAnyJob } from '@/features/jobs/server';",
      "import { JobSearch } from '../features/jobs/schema';",
      'export const used = [features, findAnyJob, JobSearch];',
    );
    expect(errors.map((e) => e.line)).toEqual([1, 2, 3]);
    expect(errors[0]!.message).toContain('src/server imports no feature');
    const deeper = ["import { JobSearch } from '../../features/jobs/schema';", 'export const used = JobSearch;'];
    expect(await boundaryErrors('src/server/mail/example.ts', ...deeper)).toHaveLength(1);
  });

  it('reads the installed list of src/server/features.ts', async () => {
    const code = ["import { features } from '../features';", 'export const used = features;'];
    expect(await boundaryErrors('src/server/mail/example.ts', ...code)).toEqual([]);
  });
});

describe('outside the features', () => {
  it("refuses a feature's tables, and lets pages compose its services", async () => {
    const errors = await boundaryErrors(
      'src/app/example/page.tsx',
      "import { jobs } from '@/features/jobs/server/jobs-table';",
      "import { leads } from '../../features/forms/server/leads-table';",
      "import { getJob } from '@/features/jobs/server/jobs-service';",
      'export const used = [jobs, leads, getJob];',
    );
    expect(errors.map((e) => e.line)).toEqual([1, 2]);
    expect(errors[0]!.message).toContain("A feature's tables are its own");
  });
});

describe('the exemptions', () => {
  it('let tests, composition roots and benchmarks through', async () => {
    const code = ["import { jobs } from '@/features/jobs/server/jobs-table';", 'export const used = jobs;'];
    expect(await boundaryErrors('src/features/postings/server/example.test.ts', ...code)).toEqual([]);
    expect(await boundaryErrors('tests/support/example.ts', ...code)).toEqual([]);
    expect(await boundaryErrors('src/server/api/node-entry.ts', ...code)).toEqual([]);
    expect(await boundaryErrors('scripts/bench.ts', ...code)).toEqual([]);
  });
});

describe("Next's internals", () => {
  it('are refused everywhere, by import or require, tests and scripts too', async () => {
    // Spelt in two parts, so that a search of the sources for Next's internals finds no use of them.
    const internals = ['next', 'dist', 'server', 'lib', 'incremental-cache'].join('/');
    for (const file of ['src/server/example.ts', 'scripts/example.ts', 'src/server/example.test.ts']) {
      const [result] = await eslint.lintText(
        [
          `import { tagsManifest } from '${internals}/tags-manifest.external';`,
          `const { default: Cache } = require('${internals}/file-system-cache.js');`,
          "import { revalidatePath } from 'next/cache';",
          'export const used = [tagsManifest, Cache, revalidatePath];',
        ].join('\n'),
        { filePath: path.join(root, file) },
      );
      expect(result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line)).toEqual([1, 2]);
    }
  });
});
