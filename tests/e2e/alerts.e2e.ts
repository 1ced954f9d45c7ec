import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';
import { mailsTo } from '../support/e2e-mail';

test('Notify me: disabled, invalid address, subscription, confirmation and management', async ({ page }) => {
  await page.goto('/jobs/frontendjobs?remote_work_allowance=fullremote');
  const notify = page.getByRole('button', { name: 'Notify me' });
  await expect(notify).toBeDisabled();
  await page.getByLabel('Email').fill('not-an-address');
  await notify.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email format' })).toBeVisible();

  const address = `e2e-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Frequency').selectOption('monthly');
  await notify.click();
  await expect(page.getByRole('status').filter({ hasText: 'Subscription created' })).toContainText(
    'you will need to confirm your email address',
  );

  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mailsTo(address);
  expect(mail!.subject).toBe('Confirm your job alert');
  expect(mail!.text).toContain('“Frontend jobs · Fully remote” once a month');
  const link = (mail!.html as string).match(/http:\/\/localhost:\d+\/alerts\/[\w.-]+/)![0];

  await page.goto(link);
  await expect(page.getByText('Your job alert is confirmed.')).toBeVisible();
  await expect(page.getByTestId('alert-status')).toHaveText('Active');
  // The management page is reached only from a mail: axe runs on it here (a11y.e2e.ts covers the rest).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('alert-status')).toHaveText('Paused');
  await page.getByLabel('Frequency').selectOption('quarterly');
  // The pause's own "Changes saved" may still show: the reload waits for the save's answer itself.
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/rest/newsletter/'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByLabel('Frequency')).toHaveValue('quarterly');
  // The mail's visible unsubscribe link: one press on the page it opens.
  await page.goto(`${link}?unsubscribe=1`);
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByText('Your job alert was deleted.')).toBeVisible();
  const gone = await page.goto(link);
  expect(gone?.status()).toBe(404);
});
