import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { officeMember } from '../support/e2e-office-member';

// axe (WCAG 2.2 A and AA, and best practice) on every office page: zero violations. English at a
// desktop's width and Spanish at a phone's, so that both languages and both layouts are checked;
// one test each, so that the workers share them.

const PAGES = [
  '/office',
  '/office/leads',
  '/office/spam',
  '/office/applicants',
  '/office/jobs',
  '/office/jobs/new',
  '/office/positions',
  '/office/postings',
  '/office/courses',
  '/office/courses/new',
  '/office/courses/online-01-fs',
  '/office/registrations',
  '/office/orders',
  '/office/staff',
  '/office/audit',
  '/office/privacy',
  '/office/content',
  '/office/content/about?locale=de',
  '/office/account',
];

const axe = async (page: Page) =>
  (
    await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()
  ).violations.map((v) => `${page.url()}: ${v.id} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);

let n = 0;

for (const [locale, width] of [
  ['en', 1366],
  ['es', 390],
] as const) {
  test(`the office passes axe on every page in ${locale} at ${width} px`, async ({ browser, page }, info) => {
    test.setTimeout(120_000);
    // An address of its own: the office limits sign-ins, and forms, per address.
    const ip = `203.0.113.${200 + info.workerIndex * 10 + (++n % 10)}`;
    await page.setExtraHTTPHeaders({ 'x-real-ip': ip });
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];
    for (const path of ['/office/sign-in', '/office/forgot-password', '/office/reset-password']) {
      await page.goto(path);
      found.push(...(await axe(page)));
    }
    const admin = await officeMember(browser, 'admin', { name: `Axe Admin ${locale} ${width}` });
    const origin = new URL(admin.page.url()).origin;
    // A lead to open, as the contact form sends it.
    const sent = await admin.page.request.post('/rest/form', {
      headers: { 'x-real-ip': ip },
      data: {
        type: 'contact',
        form: {
          kind: 'message',
          name: 'Axel Check',
          email: `axe-${locale}-${width}@example.com`,
          phone: '+34 600 000 000',
          company: 'Axe SL',
          jobtitle: 'CTO',
          info: 'Hello',
        },
        context: { locale: 'es', page: '/contact', referrer: '', utm: {} },
        traps: { website: '', elapsedMs: 9000 },
      },
    });
    expect(sent.ok()).toBe(true);
    await admin.page.request.patch('/rest/office/me', { data: { locale }, headers: { origin } });
    await admin.page.setViewportSize({ width, height: 900 });
    for (const path of PAGES) {
      await admin.page.goto(path);
      found.push(...(await axe(admin.page)));
    }
    await admin.page.goto('/office/leads');
    await admin.page.locator('tbody a').first().click();
    await admin.page.waitForURL(/\/office\/leads\/.+/);
    found.push(...(await axe(admin.page)));
    expect(found).toEqual([]);
    await admin.context.close();
  });
}
