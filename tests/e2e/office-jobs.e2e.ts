import { expect, test } from '../support/test';
import { officeMember } from '../support/e2e-office-member';

// The board's jobs in the office: an import by upload is checked row by row before anything is
// written, and only written once the recruiter confirms.

test('an import with a bad row shows the reason, writes nothing until confirmed, then adds the good row', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const header =
    'external_id,position,company,dashboards,industry,remote_allowance,candidate_locations,contract_type,work_schedule,salary_min,salary_max,salary_currency,salary_period,client_location,tags,short_description,description_html,apply_url,valid_through,posted_at';
  const csv = [
    header,
    `wombat-${stamp},Wombat data engineer ${stamp},Wombat AG,swisstechjobs,information_technology,fullremote,europe,permanent,fulltime,90000,110000,CHF,year,Bern,Python|SQL,"Build the data platform of a Swiss insurer with a small team.",,,,`,
    `bad-${stamp},Broken ${stamp},Wombat AG,moonjobs,information_technology,fullremote,europe,permanent,fulltime,,,,,,,"Too short",,,,`,
  ].join('\n');

  const recruiter = await officeMember(browser, 'recruiting');
  const page = recruiter.page;
  await page.goto('/office/jobs');
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('1 to add, 0 to update, 1 rejected.')).toBeVisible();
  const bad = page.getByRole('row').filter({ hasText: `bad-${stamp}` });
  await expect(bad).toContainText('Reject');
  await expect(bad).toContainText('dashboards');
  await expect(bad).toContainText('short_description');

  // Checked, not written: the board does not have it yet.
  expect(await (await request.get(`/jobs/all?q=${stamp}`)).text()).not.toContain(`Wombat data engineer ${stamp}`);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page
    .getByRole('group', { name: /Import the valid rows now/ })
    .getByRole('button', { name: 'Import', exact: true })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 1 added, 0 updated.' })).toBeVisible();
  const board = await (await request.get(`/jobs/all?q=${stamp}`)).text();
  expect(board).toContain(`Wombat data engineer ${stamp}`);
  expect(board).not.toContain(`Broken ${stamp}`);
  await recruiter.context.close();
});

test('the job list goes by pages: "Pages" leads on and back to the first; a list that fits on one page has no such navigation; its filters are in words', async ({
  browser,
}) => {
  const recruiter = await officeMember(browser, 'recruiting');
  const page = recruiter.page;
  await page.goto('/office/jobs');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(50);
  await expect(pages.getByRole('link')).toHaveText(['Next page']);
  const firstOfFirst = await rows.first().textContent();
  await pages.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/after=/);
  await expect(rows.first()).not.toHaveText(firstOfFirst!);
  await expect(pages.getByRole('link')).toHaveText(['First page', 'Next page']);
  await pages.getByRole('link', { name: 'First page' }).click();
  await expect(page).not.toHaveURL(/after=/);
  await expect(pages.getByRole('link')).toHaveText(['Next page']);

  // An edited or old address shows the first page, not an error.
  await page.goto('/office/jobs?after=forged');
  await expect(rows).toHaveCount(50);

  // The board's filters in the words visitors read.
  await expect(page.getByRole('combobox', { name: 'Remote work', exact: true }).getByRole('option', { name: 'Fully remote' })).toHaveCount(
    1,
  );
  await expect(page.getByRole('combobox', { name: 'Board', exact: true }).getByRole('option', { name: 'Frontend jobs' })).toHaveCount(1);
  // The salary ranges with their limits, in the board's currency (francs on the Swiss board).
  const salary = page.getByRole('combobox', { name: 'Salary', exact: true }).getByRole('option');
  await expect(salary).toHaveText(['Any', /^Under €[\d,]+ a year$/, /^€[\d,]+ to €[\d,]+ a year$/, /^Over €[\d,]+ a year$/]);
  await page.goto('/office/jobs?dashboard=swisstechjobs');
  await expect(salary.nth(1)).toHaveText(/^Under CHF\s[\d,]+ a year$/);

  // The demo board's few Salesforce jobs (their titles name it).
  await page.goto('/office/jobs?q=Salesforce');
  await expect(rows.first()).toContainText('Salesforce');
  await expect(pages).toHaveCount(0);
  await recruiter.context.close();
});
