import { expect, test } from '../support/test';
import { officeMember } from '../support/e2e-office-member';

// Each job's views and apply clicks, counted by the server (no cookie, no script), shown in the
// office; and the page of a closed job.

let n = 0;
const job = (overrides: Record<string, unknown> = {}) => ({
  external_id: `e2e-stats-${Date.now()}-${++n}`,
  position: `Stats Engineer ${n}`,
  company: 'Countercorp',
  dashboards: ['frontendjobs'],
  industry: 'media',
  remote_allowance: 'fullremote',
  contract_type: 'permanent',
  work_schedule: 'fulltime',
  short_description: 'Build the newsroom tools of a small media team.',
  ...overrides,
});

type Member = Awaited<ReturnType<typeof officeMember>>;
// The jobs these tests add leave the board afterwards: other files count the demo board's jobs.
const made: string[] = [];
async function create(recruiter: Member, input: Record<string, unknown>) {
  const res = await recruiter.call('POST', '/jobs', input);
  if (res.ok()) made.push(((await res.json()) as { id: string }).id);
  return res;
}

test.afterAll(async ({ browser }) => {
  const recruiter = await officeMember(browser, 'recruiting');
  for (const id of made) await recruiter.call('POST', `/jobs/${id}/close`);
  await recruiter.context.close();
});

test('a job page counts its views and its apply click; the office shows them for today', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const recruiter = await officeMember(browser, 'recruiting');
  // Posted a month ago, so far down the board: other files open the newest jobs' pages and apply
  // pages while this one runs, and would add to its counts.
  const created = await create(recruiter, job({ posted_at: new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString() }));
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/jobs/frontendjobs/specs/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Stats Engineer/);
  await page.reload();
  await page.getByRole('link', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/frontendjobs/apply/${id}$`));

  // A prefetch and a crawler are not visitors.
  await page.request.get(`/jobs/frontendjobs/specs/${id}`, { headers: { 'next-router-prefetch': '1' } });
  await page.request.get(`/jobs/frontendjobs/specs/${id}`, {
    headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
  });

  // The counts are written every 5 s.
  const today = new Date().toISOString().slice(0, 10);
  const row = recruiter.page.locator(`[data-testid="job-stats"] tr[data-day="${today}"]`);
  await expect(async () => {
    await recruiter.page.goto(`/office/jobs/${id}`);
    await expect(row.locator('td')).toHaveText([/.+/, '2', '1'], { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(recruiter.page.getByTestId('job-stats')).toContainText('2 views · 1 apply clicks');
  await recruiter.context.close();
});

test('a job applied for elsewhere: Apply goes through the counting redirect to the stored address', async ({ browser, page }) => {
  const recruiter = await officeMember(browser, 'recruiting');
  const { id } = (await (await create(recruiter, job({ apply_url: 'https://careers.example.com/e2e' }))).json()) as {
    id: string;
  };
  await page.goto(`/jobs/frontendjobs/specs/${id}`);
  const apply = page.getByRole('link', { name: 'Apply', exact: true });
  await expect(apply).toHaveAttribute('href', `/rest/jobs/${id}/apply-click`);
  const res = await page.request.get(`/rest/jobs/${id}/apply-click?url=https://evil.example/`, { maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toBe('https://careers.example.com/e2e');
  expect((await page.request.get('/rest/jobs/no-such-job/apply-click', { maxRedirects: 0 })).status()).toBe(404);
  await recruiter.context.close();
});

test("a closed job's page says so, offers similar jobs and no Apply; its application page leads there", async ({ browser, page }) => {
  const recruiter = await officeMember(browser, 'recruiting');
  const ids: string[] = [];
  for (const input of [job({ position: 'Closing Editor' }), job({ position: 'Open Editor' })])
    ids.push(((await (await create(recruiter, input)).json()) as { id: string }).id);
  const [closed, open] = ids as [string, string];
  // Cached while live, then closed: the change reaches the cached page at once.
  expect((await page.request.get(`/jobs/frontendjobs/specs/${closed}`)).status()).toBe(200);
  expect((await recruiter.call('POST', `/jobs/${closed}/close`)).status()).toBe(200);

  const res = await page.goto(`/jobs/frontendjobs/specs/${closed}`);
  expect(res!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Closing Editor');
  await expect(page.getByText('This job is closed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply', exact: true })).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const similar = page.getByRole('region', { name: 'Similar jobs' });
  await expect(similar.getByRole('link', { name: /Open Editor/ })).toHaveAttribute('href', `/jobs/frontendjobs/specs/${open}`);
  await expect(page.getByRole('link', { name: 'See all open jobs' })).toHaveAttribute('href', '/jobs/frontendjobs');

  // In Spanish too.
  await page.goto(`/sp/jobs/frontendjobs/specs/${closed}`);
  await expect(page.getByText('Esta oferta está cerrada')).toBeVisible();

  await page.goto(`/jobs/frontendjobs/apply/${closed}`);
  await expect(page).toHaveURL(new RegExp(`/jobs/frontendjobs/specs/${closed}$`));
  await recruiter.context.close();
});
