import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '../../../../tests/support/api-db';
import { loadCatalogueOnce } from './courses-service';
import { courseRegistrations, courses } from './courses-table';

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
  form: { courseId: COURSE, name: `Estudiante ${i}`, email: `student${i}@example.com`, phone: '+34 600 000 000', experience: 'basic', motivation: 'Quiero trabajar con AWS.', ...overrides },
  context,
  traps: { website: '', elapsedMs: 20_000 },
});
const post = (path: string, body: unknown, ip: string) => ctx.api.request(path, { ...postJson(body), headers: { 'content-type': 'application/json', 'x-site-socket-ip': ip } });
const register = (i: number, overrides: Record<string, unknown> = {}) => post('/rest/form', application(i, overrides), `198.51.100.${i % 250}`);
const seats = async () => (await ctx.database.db.select().from(courses).where(eq(courses.id, COURSE)))[0]!;
const setCourse = (values: Partial<typeof courses.$inferInsert>) => ctx.database.db.update(courses).set(values).where(eq(courses.id, COURSE));
const mailJobs = async (to: string) => (await ctx.database.query(`select data from pgboss.job where name = 'mail-send' and data->>'to' = $1`, [to])).rows as { data: { template: string; locale: string; props: Record<string, unknown> } }[];
const problemOf = async (res: Response) => (await res.json()) as { errors?: { path: string; message: string }[] };

describe('course catalogue', () => {
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
  it('takes a seat, stores the registration and queues the student\'s and sales\' mails', async () => {
    const res = await register(1);
    expect(res.status).toBe(200);
    const { registration } = (await res.json()) as { registration: string };
    expect(registration).toMatch(/^[\w-]{16}$/);
    expect((await seats()).spotsTaken).toBe(1);
    const [row] = await ctx.database.db.select().from(courseRegistrations).where(eq(courseRegistrations.id, registration));
    expect(row).toMatchObject({ courseId: COURSE, email: 'student1@example.com', experience: 'basic', locale: 'es', consent: { notice: 'Forms.consent', locale: 'es' } });
    const [student] = await mailJobs('student1@example.com');
    expect(student!.data).toMatchObject({ template: 'course-registration', locale: 'es', props: { price: '1440\u00a0€' } });
    expect(student!.data.props.payUrl).toMatch(new RegExp(`/sp/checkout\\?course=${COURSE}&registration=${registration}$`));
    expect((await mailJobs('sales@acme-digital.example')).some((m) => m.data.props.name === 'Estudiante 1')).toBe(true);
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
    const mailed = (await ctx.database.query(`select count(*)::int as n from pgboss.job where name = 'mail-send' and data->>'template' = 'course-registration'`)).rows[0]!.n;
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
  const checkout = (form: Record<string, unknown>, ip = '203.0.113.10') =>
    post('/rest/checkout', { locale: 'fr', form: { productId: COURSE, quantity: 2, name: 'Claire Dubois', email: 'claire@example.com', confirmEmail: 'Claire@example.com', ...form } }, ip);

  it('holds the seats, prices them with the discount and mails the bank details', async () => {
    await setCourse({ spots: (await seats()).spotsTaken + 3 });
    const before = (await seats()).spotsTaken;
    const res = await checkout({});
    expect(res.status).toBe(200);
    const { order, redirect } = (await res.json()) as { order: string; redirect: string };
    expect(redirect).toBe(`http://localhost:3000/fr/checkout/success?order=${order}`);
    expect((await seats()).spotsTaken).toBe(before + 2);
    const status = await (await ctx.api.request(`/rest/checkout/orders/${order}`)).json();
    expect(status).toEqual({ status: 'awaiting_transfer', method: 'bank_transfer', reference: expect.stringMatching(/^TR-/), course: 'Intensive training on Fullstack developer with Amazon Web Services', quantity: 2, amount: 2880, currency: 'eur' });
    const [mail] = await mailJobs('claire@example.com');
    expect(mail!.data).toMatchObject({ template: 'course-bank-transfer', locale: 'fr', props: { amount: '2\u202f880\u00a0€', iban: 'ES91 2100 0418 4502 0005 1332', quantity: 2 } });
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
    [{ quantity: 21 }, 'form.quantity', 'quantityMax'],
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
    const res = await checkout({ quantity: 1, registration: reg.registration, email: 'student90@example.com', confirmEmail: 'student90@example.com' }, '203.0.113.12');
    expect(res.status).toBe(200);
    expect((await seats()).spotsTaken).toBe(before);
    const again = await checkout({ quantity: 1, registration: reg.registration, email: 'student90@example.com', confirmEmail: 'student90@example.com' }, '203.0.113.12');
    expect(again.status).toBe(409);

    const { order } = (await res.json()) as { order: string };
    const { confirmTransfer } = await import('./checkout-service');
    const { queue } = await import('@/server/queue');
    const [transfer] = (await mailJobs('student90@example.com')).filter((m) => m.data.template === 'course-bank-transfer');
    const paid = await confirmTransfer(ctx.database.db, await queue(), String(transfer!.data.props.reference).toLowerCase());
    expect(paid.status).toBe('paid');
    expect(((await (await ctx.api.request(`/rest/checkout/orders/${order}`)).json()) as { status: string }).status).toBe('paid');
    expect((await mailJobs('student90@example.com')).map((m) => m.data.template).sort()).toEqual(['course-bank-transfer', 'course-payment-received', 'course-registration']);
    await expect(confirmTransfer(ctx.database.db, await queue(), String(transfer!.data.props.reference))).rejects.toThrow(/is paid/);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await ctx.api.request('/rest/checkout/orders/unknown-order-id')).status).toBe(404);
  });
});
