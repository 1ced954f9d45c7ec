import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../support/test';
import { sitemapText } from '../support/sitemap';

// The pages that list what the database holds (/training, /education, /careers, in every locale)
// are rendered once and answered from Next's cache; a change shows at the next request all the
// same. The seats of a course are in office-courses.e2e.ts.

const run = promisify(execFile);

/** `npm run positions -- …` beside the running server, which takes the command over its socket. */
const positions = (...args: string[]) =>
  run('npx', ['tsx', '--tsconfig', 'tsconfig.scripts.json', 'scripts/positions.ts', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  });

test('the course and careers pages are answered from the cache once rendered, in every locale', async ({ request }) => {
  // Another file's registrations mark the catalogue meanwhile: a page may be rendered again first.
  test.setTimeout(180_000);
  for (const prefix of ['', '/sp', '/fr', '/de', '/it']) {
    for (const page of ['/training', '/education', '/careers']) {
      const url = `${prefix}${page}`;
      const first = await request.get(url, { maxRedirects: 0 });
      expect(first.status(), url).toBe(200);
      // Cached by Next (and by a proxy in front), at most a minute before it is checked again.
      expect(first.headers()['cache-control'], url).toMatch(/^s-maxage=60\b/);
      await expect
        .poll(async () => (await request.get(url, { maxRedirects: 0 })).headers()['x-nextjs-cache'], { message: url, timeout: 60_000 })
        .toMatch(/^(HIT|STALE)$/);
    }
  }
  // The route they are rendered by is no address of the site's: it leads to the page's own.
  const inner = await request.get('/sp/listings/courses/training', { maxRedirects: 0 });
  expect(inner.status()).toBe(307);
  expect(inner.headers().location).toBe('/sp/training');
});

test('a role opened by the operator is on /careers and in the sitemap at the next request, and leaves both when closed', async ({
  request,
}) => {
  test.setTimeout(90_000);
  const id = `cached-role-${Date.now().toString(36)}`;
  const role = `Platform engineer ${id}`;
  // Seen, so cached, before the change.
  for (const url of ['/careers', '/de/careers']) expect(await (await request.get(url)).text()).not.toContain(role);

  const file = path.join(mkdtempSync(path.join(tmpdir(), 'role-')), 'role.json');
  writeFileSync(file, JSON.stringify({ id, role, locale: 'en', location: 'Remote', description: '<p>Run our platform.</p>' }));
  await positions('add', file);
  for (const url of ['/careers', '/de/careers']) {
    const html = await (await request.get(url)).text();
    expect(html, url).toContain(role);
    expect(html, url).toContain(`/careers/${id}`);
  }
  expect(await sitemapText(async (p) => (await request.get(p)).text())).toContain(`/sp/careers/${id}</loc>`);

  await positions('close', id);
  for (const url of ['/careers', '/de/careers']) expect(await (await request.get(url)).text(), url).not.toContain(role);
  expect(await sitemapText(async (p) => (await request.get(p)).text())).not.toContain(`/careers/${id}<`);
});
