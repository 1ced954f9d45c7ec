import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { loadCatalogueOnce, timeZoneNote } from './courses-service';
import { appMeta } from '@/server/db/meta-table';
import { courseOrders, courseRegistrations, courses } from './courses-table';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  await loadCatalogueOnce(ctx.database.db);
});
afterAll(() => ctx?.cleanup());

const COURSE = 'online-01-fs';
const context = { locale: 'es' as const, page: `/sp/education/${COURSE}/register`, referrer: '', utm: {} };
const application = (i: number, overrides: Record<string, unknown> = {}) => ({
  type: 'course_application',
  form: {
    courseId: COURSE,
    name: `Estudiante ${i}`,
    email: `student${i}@example.com`,
    phone: '+34 600 000 000',
    experience: 'basic',
    motivation: 'Quiero trabajar con AWS.',
    ...overrides,
  },
  context,
  traps: { website: '', elapsedMs: 20_000 },
});
const post = (path: string, body: unknown, ip: string) =>
  ctx.api.request(path, { ...postJson(body), headers: { 'content-type': 'application/json', 'x-site-socket-ip': ip } });
const register = (i: number, overrides: Record<string, unknown> = {}) =>
  post('/rest/form', application(i, overrides), `198.51.100.${i % 250}`);
const seats = async () => (await ctx.database.db.select().from(courses).where(eq(courses.id, COURSE)))[0]!;
const setCourse = (values: Partial<typeof courses.$inferInsert>) =>
  ctx.database.db.update(courses).set(values).where(eq(courses.id, COURSE));
const mailJobs = async (to: string) =>
  (await ctx.database.query(`select data from pgboss.job where name = 'mail-send' and data->>'to' = $1`, [to])).rows as {
    data: { key: string; template: string; locale: string; props: Record<string, unknown> };
  }[];
const problemOf = async (res: Response) => (await res.json()) as { errors?: { path: string; message: string }[] };

describe('course catalogue', () => {
  it('answers 404, not a database error, for an address carrying U+0000 or a malformed id', async () => {
    for (const path of [
      '/rest/course/online-01-fs%00',
      '/rest/course/a%00b/description',
      '/rest/course/x%00/description.html',
      '/rest/checkout/orders/abcdefghijkl%00',
      '/rest/jobs/abc%00def',
      '/rest/course/..%2Fetc',
    ]) {
      const res = await ctx.api.request(path);
      expect(res.status, path).toBe(404);
    }
  });

  it('holds the spec course once, in the future, taught in Spanish', async () => {
    expect(await loadCatalogueOnce(ctx.database.db)).toBe(0);
    const res = await ctx.api.request('/rest/events?locale=es');
    const body = (await res.json()) as { items: Record<string, unknown>[]; Count: number };
    expect(body.Count).toBe(1);
    expect(body.items[0]).toMatchObject({
      id: COURSE,
      locale: 'es',
      title: 'Intensive training on Fullstack developer with Amazon Web Services',
      modality: 'online',
      price: 1800,
      currency: 'eur',
      currency_symbol: '€',
      discount_percent: 20,
      price_with_discount: 1440,
      available_spots: 20,
      closed: null,
      payment: 'bank_transfer',
    });
    const { start_date, end_date, application_deadline } = body.items[0] as Record<string, string>;
    expect(new Date(start_date!).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(start_date!).getUTCDay()).toBe(5); // a Friday, as the original
    expect((new Date(end_date!).getTime() - new Date(start_date!).getTime()) / 86_400_000).toBe(182);
    expect(new Date(application_deadline!).getTime()).toBeLessThan(new Date(start_date!).getTime());
  });

  it('lists no course in other languages, all of them without a language, and counts', async () => {
    expect(await (await ctx.api.request('/rest/events?locale=en')).json()).toEqual({ items: [], Count: 0 });
    expect(((await (await ctx.api.request('/rest/events')).json()) as { Count: number }).Count).toBe(1);
    expect(await (await ctx.api.request('/rest/events?locale=es&count=true')).json()).toEqual({ Count: 1 });
    expect((await ctx.api.request('/rest/events?locale=xx')).status).toBe(422);
  });

  it("writes the cards' dates and price in the language asked for, English by default", async () => {
    const card = async (query: string) =>
      ((await (await ctx.api.request(`/rest/events${query}`)).json()) as { items: Record<string, string>[] }).items[0]!;
    const es = await card('?locale=es&lang=es');
    // A calendar day: the same whatever the server's time zone.
    const day = (iso: string, locale: string) =>
      new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    expect(es).toMatchObject({
      start_date_formatted: day(es.start_date!, 'es'),
      end_date_formatted: day(es.end_date!, 'es'),
      application_deadline_formatted: day(es.application_deadline!, 'es'),
    });
    expect(es.price_formatted).toMatch(/^1800\s€$/);
    const de = await card('?lang=de');
    expect(de.start_date_formatted).toMatch(/^\d\d\.\d\d\.\d{4}$/);
    expect(de.price_formatted).toMatch(/^1\.800\s€$/);
    expect((await card('')).price_formatted).toBe('€1,800');
    const single = (await (await ctx.api.request(`/rest/course/${COURSE}?lang=fr`)).json()) as Record<string, string>;
    expect(single.price_formatted).toMatch(/^1\s800\s€$/);
    expect((await ctx.api.request('/rest/events?lang=xx')).status).toBe(422);
  });

  it('writes the title, subtitle and timetable in the language asked for, with the Madrid zone right for the dates', async () => {
    const card = async (lang: string) =>
      ((await (await ctx.api.request(`/rest/events?lang=${lang}`)).json()) as { items: Record<string, string>[] }).items[0]!;
    const it_ = await card('it');
    expect(it_.title).toBe('Formazione intensiva per sviluppatore Fullstack con Amazon Web Services');
    expect(it_.subtitle).toMatch(/^Sei mesi per passare/);
    // Six months always cross one clock change: both names, and the day it changes.
    expect(it_.timetable).toMatch(/^Venerdì e sabato, dalle 17:00 alle 21:00 \((CET; CEST|CEST; CET) dal .+\)$/);
    expect(it_.timetable).not.toContain('UTC+2');
    expect((await card('en')).timetable).toMatch(/^Fridays and Saturdays, 17:00 to 21:00 \((CET; CEST|CEST; CET) from /);
    expect((await card('es')).title).toBe('Formación intensiva de desarrollador Fullstack con Amazon Web Services');
    // The price after the discount, written for the page to show next to the promotion.
    expect((await card('es')).price_with_discount_formatted).toMatch(/^1440\s€$/);
    expect((await card('en')).price_with_discount_formatted).toBe('€1,440');
  });

  it('names the zone of each part of a course: CET in winter, CEST in summer, and the day it changes', () => {
    expect(timeZoneNote('2027-01-08', '2027-03-20', 'Europe/Madrid', 'en')).toBe('CET');
    expect(timeZoneNote('2027-04-02', '2027-10-02', 'Europe/Madrid', 'en')).toBe('CEST');
    expect(timeZoneNote('2027-01-08', '2027-07-09', 'Europe/Madrid', 'en')).toBe('CET; CEST from Mar 28, 2027');
    expect(timeZoneNote('2026-05-29', '2026-11-27', 'Europe/Madrid', 'es')).toBe('CEST; CET desde el 25 oct 2026');
  });

  it('works a six-month note out with one formatter for its zone, and once for every visitor of the course', () => {
    // Each page of the courses wrote its notes with a formatter per day: 180 of ICU's calendars a
    // course, built and dropped on every visit.
    const Original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct: (target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) => (built++, new target(...args)),
    });
    try {
      const note = timeZoneNote('2027-09-03', '2028-03-04', 'America/Santiago', 'en');
      expect(note).toBe('GMT-4; GMT-3 from Sep 5, 2027');
      expect(built).toBeLessThanOrEqual(2);
      expect(timeZoneNote('2027-09-03', '2028-03-04', 'America/Santiago', 'en')).toBe(note);
      expect(built).toBeLessThanOrEqual(2);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });

  it('gives a course seeded before translations existed its translations and zone, once', async () => {
    const db = ctx.database.db;
    const [original] = await db.select().from(courses).where(eq(courses.id, COURSE));
    await setCourse({ translations: null, timeZone: null, timetable: 'Viernes y sábado de 17:00 a 21:00 (UTC+2)' });
    await db.delete(appMeta).where(eq(appMeta.key, 'course_catalogue_translations'));
    expect(await loadCatalogueOnce(db)).toBe(0);
    const [after] = await db.select().from(courses).where(eq(courses.id, COURSE));
    expect(after).toMatchObject({ timetable: original!.timetable, timeZone: 'Europe/Madrid', translations: original!.translations });
    // An operator's own timetable is kept.
    await setCourse({ translations: null, timeZone: null, timetable: 'Sábados de 10:00 a 14:00 (hora de Madrid)' });
    await db.delete(appMeta).where(eq(appMeta.key, 'course_catalogue_translations'));
    await loadCatalogueOnce(db);
    const [edited] = await db.select().from(courses).where(eq(courses.id, COURSE));
    expect(edited).toMatchObject({ timetable: 'Sábados de 10:00 a 14:00 (hora de Madrid)', timeZone: null });
    expect(edited!.translations?.it?.title).toBe('Formazione intensiva per sviluppatore Fullstack con Amazon Web Services');
    await setCourse({ timetable: original!.timetable, timeZone: original!.timeZone });
  });

  it('describes a course: title, location and the sanitized HTML in a sandbox', async () => {
    const res = await ctx.api.request(`/rest/course/${COURSE}/description`);
    const body = (await res.json()) as { title: string; location: string; url: string };
    expect(body).toMatchObject({ title: 'Intensive training on Fullstack developer with Amazon Web Services', location: 'Online' });
    const html = await ctx.api.request(new URL(body.url).pathname);
    expect(html.headers.get('content-security-policy')).toContain('sandbox');
    expect(await html.text()).toContain('<h2>Qué aprenderás</h2>');
    expect((await ctx.api.request('/rest/course/nope/description')).status).toBe(404);
  });
});

describe('registration (POST /rest/form, course_application)', () => {
  it("takes a seat, stores the registration and queues the student's and sales' mails", async () => {
    const res = await register(1);
    expect(res.status).toBe(200);
    const { registration } = (await res.json()) as { registration: string };
    expect(registration).toMatch(/^[\w-]{16}$/);
    expect((await seats()).spotsTaken).toBe(1);
    const [row] = await ctx.database.db.select().from(courseRegistrations).where(eq(courseRegistrations.id, registration));
    expect(row).toMatchObject({
      courseId: COURSE,
      email: 'student1@example.com',
      experience: 'basic',
      locale: 'es',
      consent: { notice: 'Forms.consent', locale: 'es' },
    });
    const [student] = await mailJobs('student1@example.com');
    expect(student!.data).toMatchObject({ template: 'course-registration', locale: 'es', props: { price: '1440\u00a0€' } });
    expect(student!.data.props.payUrl).toMatch(new RegExp(`/sp/checkout\\?course=${COURSE}&registration=${registration}$`));
    // Its checkout shows who registered instead of asking again; an unknown link is simply not found.
    expect(await (await ctx.api.request(`/rest/checkout/registrations/${registration}`)).json()).toEqual({
      course: COURSE,
      name: 'Estudiante 1',
      email: 'student1@example.com',
    });
    expect((await ctx.api.request('/rest/checkout/registrations/no-such-registration')).status).toBe(404);
    // Sales read it in words: the course by its title, linked in the office, the experience as the form offered it.
    const toSales = (await mailJobs('sales@acme-digital.example')).find(
      (m) => m.data.key === `course-registration-notification:${registration}`,
    );
    const { renderMail } = await import('@/server/mail/mail');
    const { text, html } = await renderMail(toSales!.data as Parameters<typeof renderMail>[0]);
    const { title } = await seats();
    expect(text).toMatch(new RegExp(`\\nCourse\\n+${title.replace(/[()+]/g, '\\$&')} \\S*/office/courses/${COURSE}`));
    expect(text).toMatch(/\nProgramming experience\n+Some: courses or personal projects\n/);
    expect(text).toContain(`/office/registrations/${registration}`);
    expect(text).not.toMatch(/courseId|\bbasic\b/);
    expect(text).not.toContain(`(${COURSE})`);
    expect(html).toContain(`href="http://localhost:3000/office/courses/${COURSE}"`);
  });

  it.each([
    [{ phone: 'call me' }, 'form.phone', 'phoneFormat'],
    [{ name: 'Al' }, 'form.name', 'nameMin'],
    [{ email: 'nope' }, 'form.email', 'emailFormat'],
    [{ experience: 'guru' }, 'form.experience', 'required'],
    [{ courseId: 'Not a course!' }, 'form.courseId', 'required'],
    [{ extra: 1 }, 'form', undefined],
  ])('refuses bad input with 422 and takes no seat (%#)', async (overrides, path, message) => {
    const before = (await seats()).spotsTaken;
    const res = await register(200, overrides);
    expect(res.status).toBe(422);
    const error = (await problemOf(res)).errors?.find((e) => e.path === path);
    expect(error).toBeTruthy();
    if (message) expect(error!.message).toBe(message);
    expect((await seats()).spotsTaken).toBe(before);
  });

  it('refuses an unknown course with 404', async () => {
    const res = await register(201, { courseId: 'no-such-course' });
    expect(res.status).toBe(404);
  });

  it('never sells more seats than there are, however many register at once', async () => {
    const taken = (await seats()).spotsTaken;
    await setCourse({ spots: taken + 5 });
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => register(10 + i)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const refused = results.find((r) => r.status === 409)!;
    expect((await problemOf(refused)).errors).toEqual([{ path: 'form.courseId', message: 'courseFull' }]);
    const course = await seats();
    expect(course.spotsTaken).toBe(course.spots);
    const stored = await ctx.database.db.select().from(courseRegistrations).where(eq(courseRegistrations.courseId, COURSE));
    expect(stored).toHaveLength(course.spots);
    // Only the students who got a seat are mailed.
    const mailed = (
      await ctx.database.query(
        `select count(*)::int as n from pgboss.job where name = 'mail-send' and data->>'template' = 'course-registration'`,
      )
    ).rows[0]!.n;
    expect(mailed).toBe(course.spots);
    const card = (await (await ctx.api.request(`/rest/course/${COURSE}`)).json()) as { available_spots: number; closed: string };
    expect(card).toMatchObject({ available_spots: 0, closed: 'full' });
  });

  it('refuses registrations after the deadline, and says so', async () => {
    await setCourse({ spots: 100, applicationDeadline: new Date(Date.now() - 1000) });
    const before = (await seats()).spotsTaken;
    const res = await register(60);
    expect(res.status).toBe(409);
    expect((await problemOf(res)).errors).toEqual([{ path: 'form.courseId', message: 'courseClosed' }]);
    expect((await seats()).spotsTaken).toBe(before);
    expect(await mailJobs('student60@example.com')).toHaveLength(0);
    await setCourse({ applicationDeadline: new Date(Date.now() + 30 * 86_400_000) });
  });
});

describe('checkout by bank transfer (no card payments configured)', () => {
  const checkout = (
    form: Record<string, unknown>,
    ip = '203.0.113.10',
    traps: Record<string, unknown> = { website: '', elapsedMs: 20_000 },
  ) =>
    post(
      '/rest/checkout',
      {
        locale: 'fr',
        form: {
          productId: COURSE,
          quantity: 2,
          name: 'Claire Dubois',
          email: 'claire@example.com',
          confirmEmail: 'Claire@example.com',
          ...form,
        },
        traps,
      },
      ip,
    );
  const asBuyer = (email: string, quantity = 1) => ({ quantity, email, confirmEmail: email });
  const orderOf = async (res: Response) => ((await res.json()) as { order: string }).order;
  const statusOf = async (order: string) =>
    (await (await ctx.api.request(`/rest/checkout/orders/${order}`)).json()) as { status: string; expiresAt: string | null };
  // Per-email limits outlive a run in Redis: addresses that are limited are new each run.
  const run = Date.now().toString(36);

  it('holds the seats, prices them with the discount and mails the bank details', async () => {
    await setCourse({ spots: (await seats()).spotsTaken + 3 });
    const before = (await seats()).spotsTaken;
    const res = await checkout({});
    expect(res.status).toBe(200);
    const { order, redirect } = (await res.json()) as { order: string; redirect: string };
    expect(redirect).toBe(`http://localhost:3000/fr/checkout/success?order=${order}`);
    expect((await seats()).spotsTaken).toBe(before + 2);
    const status = await (await ctx.api.request(`/rest/checkout/orders/${order}`)).json();
    expect(status).toEqual({
      status: 'awaiting_transfer',
      method: 'bank_transfer',
      reference: expect.stringMatching(/^TR-/),
      // In the order's language, and the account to pay into beside the reference.
      course: 'Formation intensive de développeur Fullstack avec Amazon Web Services',
      quantity: 2,
      amount: 2880,
      currency: 'eur',
      expiresAt: expect.any(String),
      bank: { holder: 'Acme Digital S.L.', iban: 'ES91 2100 0418 4502 0005 1332', bic: 'CAIXESBBXXX' },
    });
    const inSpanish = (await (await ctx.api.request(`/rest/checkout/orders/${order}?lang=es`)).json()) as { course: string };
    expect(inSpanish.course).toBe('Formación intensiva de desarrollador Fullstack con Amazon Web Services');
    // The seats wait seven days (COURSE_TRANSFER_DAYS) for the money, to the end of that day in
    // Madrid, and the customer is told until when.
    const days = (new Date((status as { expiresAt: string }).expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(8);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', timeStyle: 'medium', hourCycle: 'h23' }).format(
        new Date((status as { expiresAt: string }).expiresAt),
      ),
    ).toBe('23:59:59');
    const [mail] = await mailJobs('claire@example.com');
    expect(mail!.data).toMatchObject({
      template: 'course-bank-transfer',
      locale: 'fr',
      props: {
        amount: '2\u202f880\u00a0€',
        iban: 'ES91 2100 0418 4502 0005 1332',
        quantity: 2,
        deadline: (status as { expiresAt: string }).expiresAt,
      },
    });
    expect(String(mail!.data.props.reference)).toMatch(/^TR-[A-Z2-9]{6}$/);
  });

  it('refuses more seats than are left, and takes none', async () => {
    const before = (await seats()).spotsTaken;
    const res = await checkout({ quantity: 2, email: 'late@example.com', confirmEmail: 'late@example.com' });
    expect(res.status).toBe(409);
    expect((await seats()).spotsTaken).toBe(before);
    expect(await mailJobs('late@example.com')).toHaveLength(0);
  });

  it.each([
    [{ quantity: 0 }, 'form.quantity', 'quantityMin'],
    [{ quantity: 6 }, 'form.quantity', 'quantityMax'],
    [{ name: 'Jo' }, 'form.name', 'nameMin'],
    [{ confirmEmail: 'other@example.com' }, 'form.confirmEmail', 'emailMismatch'],
    [{ registration: 'not-a-registration' }, 'form.registration', 'registrationUnknown'],
  ])('refuses bad input with 422 (%#)', async (form, path, message) => {
    const res = await checkout(form, '203.0.113.11');
    expect(res.status).toBe(422);
    expect((await problemOf(res)).errors).toContainEqual({ path, message });
  });

  it("counts a registration's own seat once, and lets an operator confirm the transfer", async () => {
    await setCourse({ spots: (await seats()).spotsTaken + 1 });
    const reg = (await (await register(90)).json()) as { registration: string };
    const before = (await seats()).spotsTaken;
    const res = await checkout(
      { quantity: 1, registration: reg.registration, email: 'student90@example.com', confirmEmail: 'student90@example.com' },
      '203.0.113.12',
    );
    expect(res.status).toBe(200);
    expect((await seats()).spotsTaken).toBe(before);
    const again = await checkout(
      { quantity: 1, registration: reg.registration, email: 'student90@example.com', confirmEmail: 'student90@example.com' },
      '203.0.113.12',
    );
    expect(again.status).toBe(409);

    const { order } = (await res.json()) as { order: string };
    const { confirmTransfer } = await import('./orders-service');
    const { queue } = await import('@/server/queue');
    const [transfer] = (await mailJobs('student90@example.com')).filter((m) => m.data.template === 'course-bank-transfer');
    const paid = await confirmTransfer(ctx.database.db, await queue(), String(transfer!.data.props.reference).toLowerCase());
    expect(paid.status).toBe('paid');
    expect(((await (await ctx.api.request(`/rest/checkout/orders/${order}`)).json()) as { status: string }).status).toBe('paid');
    expect((await mailJobs('student90@example.com')).map((m) => m.data.template).sort()).toEqual([
      'course-bank-transfer',
      'course-payment-received',
      'course-registration',
    ]);
    await expect(confirmTransfer(ctx.database.db, await queue(), String(transfer!.data.props.reference))).rejects.toThrow(/is paid/);
  });

  it('lets only one of several simultaneous checkouts for a registration count its seat', async () => {
    await setCourse({ spots: (await seats()).spotsTaken + 10 });
    const reg = ((await (await register(91)).json()) as { registration: string }).registration;
    const before = (await seats()).spotsTaken;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        checkout({ ...asBuyer(`race${i}-${run}@example.com`, 2), registration: reg }, `203.0.113.${40 + i}`),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409))
      expect((await problemOf(r)).errors).toEqual([{ path: 'form.registration', message: 'registrationPaid' }]);
    // The registration's seat once, plus the one extra seat of the single order.
    expect((await seats()).spotsTaken).toBe(before + 1);
    const live = await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.registrationId, reg));
    expect(live.filter((o) => o.status === 'awaiting_transfer')).toHaveLength(1);
  });

  it('answers a honeypot hit like a person, and stores nothing', async () => {
    const before = (await seats()).spotsTaken;
    const res = await checkout(asBuyer('bot@example.com'), '203.0.113.13', { website: 'http://spam.example', elapsedMs: 20_000 });
    expect(res.status).toBe(200);
    const { order, redirect } = (await res.json()) as { order: string; redirect: string };
    expect(redirect).toBe(`http://localhost:3000/fr/checkout/success?order=${order}`);
    expect((await ctx.api.request(`/rest/checkout/orders/${order}`)).status).toBe(404);
    expect((await seats()).spotsTaken).toBe(before);
    expect(await mailJobs('bot@example.com')).toHaveLength(0);
    const missing = await post(
      '/rest/checkout',
      { locale: 'fr', form: { productId: COURSE, ...asBuyer('bot@example.com'), name: 'Claire Dubois' } },
      '203.0.113.13',
    );
    expect(missing.status).toBe(422);
  });

  it('takes a checkout sent too soon (a form filled by the browser) like any other: the order exists and its mail goes', async () => {
    await setCourse({ spots: (await seats()).spotsTaken + 2 });
    const before = (await seats()).spotsTaken;
    const res = await checkout(asBuyer(`fast-${run}@example.com`), '203.0.113.14', { website: '', elapsedMs: 400 });
    expect(res.status).toBe(200);
    const { order } = (await res.json()) as { order: string };
    expect((await ctx.api.request(`/rest/checkout/orders/${order}`)).status).toBe(200);
    expect((await seats()).spotsTaken).toBe(before + 1);
    expect(await mailJobs(`fast-${run}@example.com`)).toHaveLength(1);
  });

  it('limits orders per email address', async () => {
    await setCourse({ spots: (await seats()).spotsTaken + 10 });
    const email = `often-${run}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await checkout(asBuyer(email), `203.0.113.${20 + i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('releases the seats of a transfer that never came, and tells the customer', async () => {
    await setCourse({ spots: (await seats()).spotsTaken + 3 });
    const before = (await seats()).spotsTaken;
    const order = await orderOf(await checkout(asBuyer('slow@example.com', 3), '203.0.113.30'));
    expect((await seats()).spotsTaken).toBe(before + 3);
    const { expireTransferOrders } = await import('./orders-service');
    const { queue } = await import('@/server/queue');
    // Still within the deadline: nothing happens.
    expect(await expireTransferOrders(ctx.database.db, await queue(), new Date(Date.now() + 6 * 86_400_000))).toEqual({ expired: 0 });
    expect((await statusOf(order)).status).toBe('awaiting_transfer');
    const later = new Date(Date.now() + 8 * 86_400_000);
    // (The earlier tests' unpaid orders expire too.)
    expect((await expireTransferOrders(ctx.database.db, await queue(), later)).expired).toBeGreaterThanOrEqual(1);
    expect(await expireTransferOrders(ctx.database.db, await queue(), later)).toEqual({ expired: 0 });
    expect(await statusOf(order)).toMatchObject({ status: 'expired', expiresAt: null });
    expect((await seats()).spotsTaken).toBeLessThanOrEqual(before);
    const mails = await mailJobs('slow@example.com');
    expect(mails.map((m) => m.data.template).sort()).toEqual(['course-bank-transfer', 'course-order-expired']);
    expect(mails.find((m) => m.data.template === 'course-order-expired')!.data).toMatchObject({
      locale: 'fr',
      props: { quantity: 3, orderUrl: `http://localhost:3000/fr/checkout?course=${COURSE}` },
    });
    // An expired order of a registration links back to it: ordering again counts the registration's seat, not a second one.
    const registrationOrders = (await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.status, 'expired'))).filter(
      (o) => o.registrationId,
    );
    expect(registrationOrders.length).toBeGreaterThanOrEqual(1);
    for (const o of registrationOrders) {
      const expiredMail = (await mailJobs(o.email)).find((m) => m.data.template === 'course-order-expired');
      expect(expiredMail!.data.props.orderUrl).toBe(`http://localhost:3000/fr/checkout?course=${COURSE}&registration=${o.registrationId}`);
    }
    // A transfer that arrives after all is not confirmed against released seats.
    const { confirmTransfer } = await import('./orders-service');
    const reference = String(mails[0]!.data.props.reference);
    await expect(confirmTransfer(ctx.database.db, await queue(), reference)).rejects.toThrow(/is expired/);
  });

  it('lets an operator cancel an unpaid order by its reference, giving its seats back', async () => {
    await setCourse({ spots: (await seats()).spotsTaken + 2 });
    const before = (await seats()).spotsTaken;
    const order = await orderOf(await checkout(asBuyer('withdrawn@example.com', 2), '203.0.113.31'));
    const [transfer] = await mailJobs('withdrawn@example.com');
    const { cancelOrderByReference } = await import('./orders-service');
    const cancelled = await cancelOrderByReference(ctx.database.db, String(transfer!.data.props.reference).toLowerCase());
    expect(cancelled).toMatchObject({ status: 'cancelled', seatsTaken: 2 });
    expect((await statusOf(order)).status).toBe('cancelled');
    expect((await seats()).spotsTaken).toBe(before);
    await expect(cancelOrderByReference(ctx.database.db, String(transfer!.data.props.reference))).rejects.toThrow(/is cancelled/);
    await expect(cancelOrderByReference(ctx.database.db, 'TR-NOPE00')).rejects.toThrow(/No order/);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await ctx.api.request('/rest/checkout/orders/unknown-order-id')).status).toBe(404);
  });
});

describe('a registration holds its seat until it is paid for or released', () => {
  const DAY = 86_400_000;
  const madridDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(at);
  /** "YYYY-MM-DD HH:MM:SS.mmm" on Madrid's clock. */
  const madridClock = (at: Date) =>
    `${madridDay(at)} ${new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', timeStyle: 'medium', hourCycle: 'h23' }).format(at)}.${String(at.getMilliseconds()).padStart(3, '0')}`;
  const registrationOf = async (res: Response) => ((await res.json()) as { registration: string }).registration;
  const rowOf = async (id: string) => (await ctx.database.db.select().from(courseRegistrations).where(eq(courseRegistrations.id, id)))[0]!;
  const checkoutFor = (registration: string, email: string, ip: string) =>
    post(
      '/rest/checkout',
      {
        locale: 'es',
        form: { productId: COURSE, quantity: 1, registration, name: 'Estudiante', email, confirmEmail: email },
        traps: { website: '', elapsedMs: 20_000 },
      },
      ip,
    );

  it('tells the student until when, then gives an unpaid seat back and tells sales; a later payment takes a seat anew', async () => {
    await setCourse({ spots: (await seats()).spotsTaken + 3 });
    const unpaid = await registrationOf(await register(120));
    const ordered = await registrationOf(await register(121));
    expect((await checkoutFor(ordered, 'student121@example.com', '203.0.113.70')).status).toBe(200);
    const [mail] = (await mailJobs('student120@example.com')).filter((m) => m.data.template === 'course-registration');
    // COURSE_REGISTRATION_HOLD_DAYS: 14 by default, to the end of the day the mail names, in Madrid.
    const in14Days = madridDay(new Date((await rowOf(unpaid)).createdAt.getTime() + 14 * DAY));
    const hold = (await rowOf(unpaid)).holdUntil!;
    expect(madridClock(hold)).toBe(`${in14Days} 23:59:59.999`);
    expect(mail!.data.props.holdUntil).toBe(hold.toISOString());
    // Paid by transfer, the seat is held to the pay-by day, which is earlier: one date, said the same.
    const [order] = await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.registrationId, ordered));
    expect(madridClock(order!.expiresAt!)).toBe(`${madridDay(new Date(order!.createdAt.getTime() + 7 * DAY))} 23:59:59.999`);
    expect((await rowOf(ordered)).holdUntil).toEqual(order!.expiresAt);

    const { expireUnpaidRegistrations } = await import('./registrations-service');
    const { queue } = await import('@/server/queue');
    // Before its day nothing happens to it (earlier tests' registrations whose orders ended were
    // held to their pay-by day, a week: they go).
    await expireUnpaidRegistrations(ctx.database.db, await queue(), new Date(Date.now() + 13 * DAY));
    expect((await rowOf(unpaid)).releasedAt).toBeNull();
    const before = (await seats()).spotsTaken;

    // (Earlier tests' unpaid registrations go too.)
    const { released } = await expireUnpaidRegistrations(ctx.database.db, await queue(), new Date(Date.now() + 15 * DAY));
    expect(released).toBeGreaterThanOrEqual(1);
    expect((await seats()).spotsTaken).toBe(before - released);
    expect((await rowOf(unpaid)).releasedAt).toBeInstanceOf(Date);
    // One with an order waiting for its transfer keeps its seat.
    expect((await rowOf(ordered)).releasedAt).toBeNull();
    expect(await expireUnpaidRegistrations(ctx.database.db, await queue(), new Date(Date.now() + 15 * DAY))).toEqual({ released: 0 });
    const toSales = (await mailJobs('sales@acme-digital.example')).filter((m) => m.data.key === `registration-released:${unpaid}`);
    expect(toSales.map((m) => m.data.props.type)).toEqual(['course_release']);
    // In words, to the end of the hold's day in Madrid, with the registration's page in the office.
    const { renderMail } = await import('@/server/mail/mail');
    const { text } = await renderMail(toSales[0]!.data as Parameters<typeof renderMail>[0]);
    const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/Madrid' }).format(hold);
    expect(text).toContain(`Unpaid when its hold ended on ${day}, 23:59: seat released`);
    expect(text).toContain(`/office/registrations/${unpaid}`);

    // The payment link still works while seats are left: the order takes the seat again.
    const afterRelease = (await seats()).spotsTaken;
    expect((await checkoutFor(unpaid, 'student120@example.com', '203.0.113.71')).status).toBe(200);
    expect((await seats()).spotsTaken).toBe(afterRelease + 1);
  });

  it('keeps the seat of a registration without a hold date, and of any on a course past its deadline', async () => {
    await setCourse({ spots: (await seats()).spotsTaken + 2 });
    const untilReleased = await registrationOf(await register(124));
    const late = await registrationOf(await register(125));
    // Registered before holds were dated, or with COURSE_REGISTRATION_HOLD_DAYS=0.
    await ctx.database.db.update(courseRegistrations).set({ holdUntil: null }).where(eq(courseRegistrations.id, untilReleased));
    const { expireUnpaidRegistrations } = await import('./registrations-service');
    const { queue } = await import('@/server/queue');
    const course = await seats();
    const inAMonth = new Date(Date.now() + 30 * DAY);
    // Past the deadline nobody could take the seat, and the registrant could not pay for a new one.
    await setCourse({ applicationDeadline: new Date(Date.now() + 20 * DAY) });
    try {
      expect(await expireUnpaidRegistrations(ctx.database.db, await queue(), inAMonth)).toEqual({ released: 0 });
      expect((await rowOf(late)).releasedAt).toBeNull();
      // Still open then: its seat goes back; the one without a hold date keeps its own.
      await setCourse({ applicationDeadline: new Date(Date.now() + 60 * DAY) });
      await expireUnpaidRegistrations(ctx.database.db, await queue(), inAMonth);
      expect((await rowOf(late)).releasedAt).toBeInstanceOf(Date);
      expect((await rowOf(untilReleased)).releasedAt).toBeNull();
    } finally {
      await setCourse({ applicationDeadline: course.applicationDeadline });
    }
  });

  it('lets an operator release a registration once, and not one that is being paid for', async () => {
    await setCourse({ spots: (await seats()).spotsTaken + 2 });
    const withdrawn = await registrationOf(await register(122));
    const ordered = await registrationOf(await register(123));
    expect((await checkoutFor(ordered, 'student123@example.com', '203.0.113.72')).status).toBe(200);
    const { releaseRegistration } = await import('./registrations-service');
    const before = (await seats()).spotsTaken;
    expect(await releaseRegistration(ctx.database.db, withdrawn)).toMatchObject({
      id: withdrawn,
      email: 'student122@example.com',
      releasedAt: expect.any(Date),
    });
    expect((await seats()).spotsTaken).toBe(before - 1);
    await expect(releaseRegistration(ctx.database.db, withdrawn)).rejects.toThrow(/was released on/);
    await expect(releaseRegistration(ctx.database.db, ordered)).rejects.toThrow(/has order TR-[A-Z2-9]{6} \(awaiting_transfer\)/);
    await expect(releaseRegistration(ctx.database.db, 'no-such-registration')).rejects.toThrow(/No registration/);
    expect((await seats()).spotsTaken).toBe(before - 1);
  });
});

describe('the courses tick', () => {
  it('expires overdue bank transfers even without card payments', async () => {
    const { stopQueue, registerHandlers } = await import('@/server/queue');
    const { COURSES_TICK } = await import('./module');
    const { Queue } = await import('@/server/queue/queue');
    const { eventually } = await import('#tests/eventually');
    await setCourse({ spots: (await seats()).spotsTaken + 1 });
    const res = await post(
      '/rest/checkout',
      {
        locale: 'en',
        form: { productId: COURSE, quantity: 1, name: 'Tick Tock', email: 'tick@example.com', confirmEmail: 'tick@example.com' },
        traps: { website: '', elapsedMs: 20_000 },
      },
      '203.0.113.60',
    );
    const { order } = (await res.json()) as { order: string };
    const before = (await seats()).spotsTaken;
    await ctx.database.db
      .update(courseOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(courseOrders.id, order));

    await stopQueue();
    const worker = new Queue(ctx.database, { work: true, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 });
    await worker.start();
    try {
      await registerHandlers(worker, ctx.database);
      await worker.send(COURSES_TICK, {});
      await eventually(async () => {
        const [row] = await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.id, order));
        if (row!.status !== 'expired') throw new Error(row!.status);
      }, 20_000);
    } finally {
      await worker.stop(2000);
    }
    expect((await seats()).spotsTaken).toBe(before - 1);
  });
});
