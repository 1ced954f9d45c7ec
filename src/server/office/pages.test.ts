import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFICE_PAGES, opensPage } from './page-roles';
import { OFFICE_OPEN_PAGES } from './pages';

const root = path.resolve('src/app/office');

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? pageFiles(path.join(dir, e.name)) : e.name === 'page.tsx' ? [path.join(dir, e.name)] : [],
  );
}

describe('the office pages', () => {
  const pages = pageFiles(root).map((file) => ({
    route: `/office${path
      .dirname(path.relative(root, file))
      .replace(/^\.$/, '')
      .replace(/^(?=.)/, '/')}`,
    source: readFileSync(file, 'utf8'),
  }));

  it('each ask for their own rule of roles, or are one of the pages before signing in', () => {
    const unruled = pages.filter(
      (p) => !(OFFICE_OPEN_PAGES as readonly string[]).includes(p.route) && !p.source.includes(`officePage('${p.route}')`),
    );
    expect(unruled.map((p) => p.route)).toEqual([]);
  });

  it('have a rule each, and every rule a page', () => {
    const ruled = pages.map((p) => p.route).filter((r) => !(OFFICE_OPEN_PAGES as readonly string[]).includes(r));
    expect(ruled.toSorted()).toEqual(Object.keys(OFFICE_PAGES).toSorted());
  });

  it('are each in the browser test that opens every page as every role', () => {
    const table = readFileSync(path.resolve('tests/e2e/office.e2e.ts'), 'utf8');
    const missing = Object.keys(OFFICE_PAGES).filter((route) => !table.includes(`'${route.replace(/\[\w+\]/, 'no-such-')}`));
    expect(missing).toEqual([]);
  });

  it('open a record’s page to the roles of its route only', () => {
    expect(opensPage('sales', '/office/leads/lead-1')).toBe(true);
    expect(opensPage('sales', '/office/applicants/lead-1')).toBe(false);
    expect(opensPage('recruiting', '/office/applicants/lead-1?view=board')).toBe(true);
    expect(opensPage('admin', '/office/applicants/lead-1/more')).toBe(false);
    expect(opensPage('admin', '/office/nowhere')).toBe(false);
  });
});
