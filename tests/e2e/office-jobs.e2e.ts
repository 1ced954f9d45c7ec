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
