import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { pdfFile } from '../support/cv-files';
import { mailsTo } from '../support/e2e-mail';
import { eventually } from '../support/eventually';
import { ownCourse } from '../support/e2e-course';
import { officeMember } from '../support/e2e-office-member';

// The office's record pages as staff read them: every field by its name and its value in words,
// in a fixed order whatever order the record was stored in, and the records a value names linked
// in the office. An applicant, a quote request, a course registration and a posted job, each sent
// as its public form sends it.

type Member = Awaited<ReturnType<typeof officeMember>>;
let admin: Member;
const stamp = Date.now();
const visitor = (n: number) => ({ 'x-real-ip': `192.0.2.${150 + n}` });
const context = (page: string) => ({ locale: 'en', page, referrer: '', utm: {} });
const traps = { website: '', elapsedMs: 9000 };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  admin = await officeMember(browser, 'admin', { name: 'Olga Office' });
});

test.afterAll(async () => {
  await admin?.context.close();
});

/** The id of the one record of a desk's list that the search finds. */
async function found(list: string, q: string): Promise<string> {
  const res = await admin.call('GET', `/${list}?q=${encodeURIComponent(q)}`);
  const { rows } = (await res.json()) as { rows: { id: string }[] };
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

/** A section's labels, in the order shown. */
const labelsOf = (page: Page, section: string) => page.getByRole('region', { name: section }).locator('dt').allTextContents();
/** The value beside a label in a section. */
const valueOf = (page: Page, section: string, label: string) =>
  page
    .getByRole('region', { name: section })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('an applicant’s page names the job by its title with its office page, not the file or the job’s id', async ({ page }) => {
  const search = await page.request.post('/rest/jobs/search?pageSize=50', {
    data: { search: { dashboard: 'all', queryText: '', filters: {} }, lastEvaluatedKey: null },
  });
  const { items } = (await search.json()) as {
    items: { id: string; position: string; company: string | null; apply_url: string | null }[];
  };
  const job = items.filter((j) => !j.apply_url).at(-1)!;
  const email = `records-${stamp}@example.com`;
  const cv = pdfFile('Ines Records');
  const asked = await page.request.post('/rest/file/cv/uploadurl', {
    headers: visitor(1),
    data: { file: { filename: 'cv.pdf', mimetype: 'application/pdf', size: cv.length }, email, info: '', locale: 'en' },
  });
  const { uploadUrl, fileId } = (await asked.json()) as { uploadUrl: string; fileId: string };
  expect((await page.request.put(uploadUrl, { headers: { ...visitor(1), 'content-type': 'application/pdf' }, data: cv })).status()).toBe(
    204,
  );
  const sent = await page.request.post('/rest/form', {
    headers: visitor(1),
    data: {
      type: 'job_application',
      form: {
        target: { kind: 'job', id: job.id },
        name: 'Ines Records',
        email,
        position: 'x',
        phone: '+34 600 555 666',
        currentLocation: 'Bilbao',
        availabilityWeeks: 2,
        noticePeriod: 'Two weeks',
        fileId,
      },
      context: context(`/jobs/all/apply/${job.id}`),
      traps,
    },
  });
  expect(sent.status()).toBe(200);

  const p = admin.page;
  await p.goto(`/office/applicants/${await found('applicants', email)}`);
  expect(await labelsOf(p, 'What they sent')).toEqual([
    'Received',
    'Name',
    'Email',
    'Phone',
    'Job',
    'Current location',
    'Available',
    'Notice period',
  ]);
  const title = job.company ? `${job.company} - ${job.position}` : job.position;
  await expect(valueOf(p, 'What they sent', 'Job').getByRole('link', { name: title })).toHaveAttribute('href', `/office/jobs/${job.id}`);
  await expect(valueOf(p, 'What they sent', 'Available')).toHaveText('In 2 weeks');
  await expect(p.getByText(fileId)).toHaveCount(0);
  await expect(p.getByText(/Applied through|^File$/)).toHaveCount(0);
});

test('a lead’s page says what the visitor chose in words, in the order of the form', async ({ page }) => {
  const email = `quote-${stamp}@example.com`;
  const sent = await page.request.post('/rest/form', {
    headers: visitor(2),
    data: {
      type: 'quote',
      form: {
        need: 'team',
        timeline: 'half_year',
        budget: '20k_50k',
        details: 'Two engineers',
        name: 'Quentin Quote',
        email,
        company: 'Quote SA',
      },
      context: context('/quote'),
      traps,
    },
  });
  expect(sent.status()).toBe(200);
  const p = admin.page;
  await p.goto(`/office/leads/${await found('leads', email)}`);
  expect(await labelsOf(p, 'What they sent')).toEqual(['Received', 'Name', 'Email', 'Company', 'Need', 'Timeline', 'Budget', 'Details']);
  await expect(valueOf(p, 'What they sent', 'Need')).toHaveText('Engineers for my team');
  await expect(valueOf(p, 'What they sent', 'Timeline')).toHaveText('Within six months');
  await expect(valueOf(p, 'What they sent', 'Budget')).toHaveText('€20,000 to €50,000');
});

test('a registration’s page names the course by its title with its office page, and the experience in words', async ({ page }) => {
  // A course of its own: the demo course's seats are bought up by the course tests.
  const course = await ownCourse(admin, 'records');
  const sent = await page.request.post('/rest/form', {
    headers: visitor(3),
    data: {
      type: 'course_application',
      form: {
        courseId: course.id,
        name: 'Rosa Registro',
        email: `rosa-${stamp}@example.com`,
        phone: '+34 600 000 111',
        experience: 'basic',
        motivation: '',
      },
      context: context(`/education/${course.id}/register`),
      traps,
    },
  });
  expect(sent.status()).toBe(200);
  const { registration } = (await sent.json()) as { registration: string };
  const p = admin.page;
  await p.goto(`/office/registrations/${registration}`);
  const link = valueOf(p, 'Details', 'Course').getByRole('link');
  await expect(link).toHaveAttribute('href', `/office/courses/${course.id}`);
  await expect(link).toHaveText(course.title);
  await expect(valueOf(p, 'Details', 'Programming experience')).toHaveText('Some: courses or personal projects');
});

test('a posting’s review shows its fields in the order of the form, in the board’s words, and previews its card and page', async ({
  page,
}) => {
  const email = `nadia-${stamp}@numbat.example`;
  const position = `Numbat firmware engineer ${stamp}`;
  const sent = await page.request.post('/rest/form', {
    headers: visitor(4),
    data: {
      type: 'job_post',
      form: {
        contact_name: 'Nadia Numbat',
        contact_email: email,
        company: 'Numbat Labs',
        position,
        dashboard: 'swisstechjobs',
        industry: 'information_technology',
        remote_allowance: 'fullremote',
        candidate_location: 'europe',
        contract_type: 'permanent',
        work_schedule: 'fulltime',
        salary_min: '80000',
        salary_max: '95000',
        salary_currency: 'EUR',
        salary_period: 'year',
        location: 'Zurich',
        tags: 'Rust, Embedded',
        description:
          'We build firmware for small devices.\n\n- Rust every day\n- A team of six\n\nRemote across Europe, two meetups a year.',
        apply: 'site',
        apply_url: '',
      },
      context: context('/jobs/post'),
      traps,
    },
  });
  expect(sent.status()).toBe(200);
  // The employer confirms the address from the mail's link: the posting goes to review.
  const token = await eventually(async () => {
    const mail = (await mailsTo(email)).find((m) => /Confirm your job posting/.test(m.subject ?? ''));
    const link = String(mail?.text ?? '').match(/\/jobs\/post\/([\w.-]+)/)?.[1];
    if (!link) throw new Error('no confirmation mail yet');
    return link;
  }, 20_000);
  expect((await page.request.get(`/rest/job-posts/${token}`)).status()).toBe(200);

  const p = admin.page;
  await p.goto('/office/postings');
  await p.getByRole('link', { name: position }).click();
  await expect(p.getByRole('heading', { level: 1 })).toContainText(position);
  const section = 'The job as sent';
  expect(await labelsOf(p, section)).toEqual([
    'Company',
    'Job title',
    'Board',
    'Industry',
    'Remote work',
    'Candidate location',
    'Contract',
    'Schedule',
    'Salary from',
    'Salary to',
    'Currency',
    'Per',
    'Location',
    'Tags',
    'Description',
    'Applications',
  ]);
  await expect(valueOf(p, section, 'Board')).toHaveText('Swiss tech jobs');
  await expect(valueOf(p, section, 'Remote work')).toHaveText('Fully remote');
  await expect(valueOf(p, section, 'Candidate location')).toHaveText('Europe');
  await expect(valueOf(p, section, 'Salary from')).toHaveText('80,000');

  // The card as the board shows it, leading to the page below it, as the job's page will show it.
  const preview = p.getByRole('region', { name: 'How it will look on the board' });
  const card = preview.getByRole('article', { name: position }).first();
  await expect(card.getByTestId('job-chips')).toContainText('Fully remote');
  await expect(card.getByTestId('job-chips')).toContainText(/80,000/);
  await card.getByRole('link', { name: new RegExp(position) }).click();
  await expect(p).toHaveURL(/#preview-page$/);
  const jobPage = preview.getByRole('article').filter({ has: p.getByRole('heading', { level: 3, name: position }) });
  await expect(jobPage.getByRole('listitem').filter({ hasText: 'Rust every day' })).toBeVisible();
  await expect(jobPage.getByText('Numbat Labs', { exact: true })).toBeVisible();
  const axe = await new AxeBuilder({ page: p })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
});
