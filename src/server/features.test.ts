import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { features as installed } from '@/features';
import { features } from './features';
import { officeMails } from './office/office-mails';
import { testMail } from './mail/test-mail';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the installed features', () => {
  it('are the list of src/features/index.ts, once per process', () => {
    expect(features()).toBe(installed);
    expect(installed.map((f) => f.name)).toEqual([
      'jobs',
      'alerts',
      'forms',
      'leads',
      'applications',
      'accounts',
      'courses',
      'postings',
      'pages',
      'privacy',
    ]);
  });

  it('register every mail template the code defines, each name once', () => {
    // A template defined but left out of its module would be queued, then fail in the worker for a day.
    const defined = sourceFiles(path.resolve('src')).flatMap((file) =>
      // defineMail itself, or the office's maker of its link mails, which calls it.
      [...readFileSync(file, 'utf8').matchAll(/(?:defineMail|officeLinkMail)(?:<.*?>)?\(\s*'([^']+)'/gs)].map((m) => m[1]),
    );
    const registered = [testMail.name, ...officeMails.map((m) => m.name), ...features().flatMap((f) => (f.mails ?? []).map((m) => m.name))];
    expect(new Set(registered).size).toBe(registered.length);
    expect(registered.toSorted()).toEqual(defined.toSorted());
  });

  it('give every queue and retention rule a name of its own', () => {
    const queues = features().flatMap((f) => (f.queues ?? []).map((q) => q.name));
    const rules = features().flatMap((f) => (f.retention ?? []).map((r) => r.name));
    expect(new Set(queues).size).toBe(queues.length);
    expect(new Set(rules).size).toBe(rules.length);
    expect(rules.toSorted()).toEqual([
      'applications',
      'courseRecords',
      'form-receipts',
      'jobPostings',
      'leads',
      'privacyRequests',
      'spamLeads',
      'spamRegistrations',
      'unconfirmedUsers',
    ]);
  });

  it('each take part in privacy requests when they keep data with an email address', () => {
    // A feature that lists a person's records must also copy and erase them (docs/decisions/035).
    expect(
      features()
        .filter((f) => f.personRecords && !f.privacy)
        .map((f) => f.name),
    ).toEqual([]);
    expect(features().flatMap((f) => (f.privacy ? [f.name] : []))).toEqual([
      'alerts',
      'forms',
      'applications',
      'accounts',
      'courses',
      'postings',
    ]);
  });

  it('must be installed before the server reads them: a process that forgot says so', () => {
    const key = Symbol.for('site.features');
    const g = globalThis as Record<symbol, unknown>;
    const saved = g[key];
    delete g[key];
    try {
      expect(() => features()).toThrow('No features installed: import "@/features"');
    } finally {
      g[key] = saved;
    }
  });
});
