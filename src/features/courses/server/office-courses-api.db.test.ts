import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { officeClient } from '#tests/office';
import { auditLog } from '@/server/office/audit-table';
import { inviteStaff } from '@/server/office/staff-service';
import type { OfficeRole } from '@/server/office/staff-tables';
import { courseInvoices, courseOrderEvents, courseOrders, courseRegistrations, courses } from './courses-table';
import type { Seats } from './office-courses';

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let office: ReturnType<typeof officeClient>;
beforeAll(async () => {
  ctx = await useApiDatabase();
  office = officeClient(ctx.api);
});
afterAll(() => ctx?.cleanup());

let n = 0;
async function member(role: OfficeRole) {
  const { link } = await inviteStaff(ctx.database.db, undefined, { email: `${role}-courses-${++n}@staff.example`, role }, { actor: null });
  return office.enrol(link);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A course as the office form sends it: every field as text. */
const courseForm = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  locale: 'it',
  title: 'Corso di Kubernetes',
  subtitle: 'Dai container alla produzione',
  modality: 'online',
  location: 'Online',
  price: '990',
  currency: 'eur',
  discount_percent: '10',
  promo: '',
  start_date: inDays(40),
  end_date: inDays(80),
  timetable: 'Martedì e giovedì, 18:00-21:00',
  time_zone: 'Europe/Rome',
  description_html: '<h2>Programma</h2><p>Pod e servizi.</p><script>alert(1)</script>',
  spots: '3',
  application_deadline: inDays(35),
  external_form_url: '',
  translations: { en: { title: 'Kubernetes course' } },
  ...overrides,
});

const post = (path: string, body: unknown, ip: string) =>
  ctx.api.request(path, { ...postJson(body), headers: { 'content-type': 'application/json', 'x-site-socket-ip': ip } });
let visitor = 0;
async function register(courseId: string, email: string): Promise<string> {
  const res = await post(
    '/rest/form',
    {
      type: 'course_application',
      form: { courseId, name: 'Giulia Rossi', email, phone: '+39 333 000 0000', experience: 'basic', motivation: '' },
      context: { locale: 'it', page: `/it/education/${courseId}/register`, referrer: '', utm: {} },
      traps: { website: '', elapsedMs: 20_000 },
    },
    `203.0.113.${++visitor}`,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { registration: string }).registration;
}
async function checkout(courseId: string, email: string, quantity: number, registration?: string): Promise<string> {
  const res = await post(
    '/rest/checkout',
    {
      locale: 'it',
      form: { productId: courseId, quantity, name: 'Giulia Rossi', email, confirmEmail: email, ...(registration ? { registration } : {}) },
      traps: { website: '', elapsedMs: 20_000 },
    },
    `203.0.113.${++visitor}`,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { order: string }).order;
}
const seatsOf = async (jar: Awaited<ReturnType<typeof member>>['jar'], id: string) =>
  ((await (await office.call('GET', `/courses/${id}`, { jar })).json()) as { seats: Seats }).seats;
const eventsOf = async (order: string) =>
  (await ctx.database.db.select().from(courseOrderEvents).where(eq(courseOrderEvents.orderId, order))).map((e) => e.kind);
const mailKeys = async (to: string) =>
  (await ctx.database.query(`select singleton_key from pgboss.job where name = 'mail-send' and data->>'to' = $1`, [to])).rows.map(
    (r) => (r as { singleton_key: string }).singleton_key,
  );
const audited = async (action: string, record: string) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.record, record)))
  ).length;

describe('courses in the office', () => {
  it('creates a course unpublished, publishes it to the public catalogue at once, edits it; roles decide who may', async () => {
    const trainer = await member('training');
    const sales = await member('sales');
    const recruiter = await member('recruiting');

    expect((await office.call('POST', '/courses', { body: courseForm('k8s-it'), jar: sales.jar })).status).toBe(403);
    const created = await office.call('POST', '/courses', { body: courseForm('k8s-it'), jar: trainer.jar });
    expect(created.status).toBe(200);
    expect((await office.call('POST', '/courses', { body: courseForm('k8s-it'), jar: trainer.jar })).status).toBe(409);

    // Not on the site until published.
    const listed = async () =>
      ((await (await ctx.api.request('/rest/events?locale=it&lang=it')).json()) as { items: { id: string; title: string }[] }).items;
    expect((await listed()).map((c) => c.id)).not.toContain('k8s-it');
    expect((await ctx.api.request('/rest/course/k8s-it')).status).toBe(404);

    expect((await office.call('POST', '/courses/k8s-it/publish', { jar: recruiter.jar })).status).toBe(403);
    expect((await office.call('POST', '/courses/k8s-it/publish', { jar: trainer.jar })).status).toBe(200);
    expect((await listed()).find((c) => c.id === 'k8s-it')).toMatchObject({ title: 'Corso di Kubernetes' });
    const card = (await (await ctx.api.request('/rest/course/k8s-it?lang=en')).json()) as Record<string, unknown>;
    expect(card).toMatchObject({ title: 'Kubernetes course', price: 990, price_with_discount: 891, available_spots: 3 });

    // Sales read the course (its seats) but do not edit it; recruiters do neither.
    const detail = (await (await office.call('GET', '/courses/k8s-it', { jar: sales.jar })).json()) as {
      published: boolean;
      values: Record<string, unknown>;
    };
    expect(detail.published).toBe(true);
    expect(detail.values.description_html).toBe('<h2>Programma</h2><p>Pod e servizi.</p>');
    expect((await office.call('GET', '/courses/k8s-it', { jar: recruiter.jar })).status).toBe(403);

    const edit = { ...detail.values, title: 'Kubernetes in produzione', price: '1200,50' };
    expect((await office.call('PUT', '/courses/k8s-it', { body: edit, jar: sales.jar })).status).toBe(403);
    expect((await office.call('PUT', '/courses/k8s-it', { body: edit, jar: trainer.jar })).status).toBe(200);
    const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, 'k8s-it'));
    expect(row).toMatchObject({ title: 'Kubernetes in produzione', priceCents: 120_050, published: true });

    for (const action of ['course.create', 'course.publish', 'course.edit']) expect(await audited(action, 'k8s-it')).toBe(1);

    expect((await office.call('POST', '/courses/k8s-it/unpublish', { jar: trainer.jar })).status).toBe(200);
    expect((await listed()).map((c) => c.id)).not.toContain('k8s-it');
  });

  it('refuses a form with field errors and changes nothing', async () => {
    const trainer = await member('training');
    const bad = courseForm('bad-course', {
      end_date: inDays(10),
      start_date: inDays(20),
      price: 'free',
      time_zone: 'Mars/Olympus',
      external_form_url: 'http://forms.example',
      id: 'Bad Id',
    });
    const res = await office.call('POST', '/courses', { body: bad, jar: trainer.jar });
    expect(res.status).toBe(422);
    const { errors } = (await res.json()) as { errors: { path: string; message: string }[] };
    expect(Object.fromEntries(errors.map((e) => [e.path, e.message]))).toMatchObject({
      id: 'courseId',
      price: 'money',
      time_zone: 'timeZone',
      external_form_url: 'httpsUrl',
    });
    expect(await ctx.database.db.select().from(courses).where(eq(courses.id, 'bad-course'))).toEqual([]);
  });
});

describe('registrations and orders in the office', () => {
  let trainer: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    trainer = await member('training');
    expect((await office.call('POST', '/courses', { body: courseForm('orders-course', { spots: '6' }), jar: trainer.jar })).status).toBe(
      200,
    );
    expect((await office.call('POST', '/courses/orders-course/publish', { jar: trainer.jar })).status).toBe(200);
  });

  it('shows where the seats are, and confirms a transfer with its amount and date (a different amount asked for first)', async () => {
    const registration = await register('orders-course', 'giulia@example.com');
    expect(await seatsOf(trainer.jar, 'orders-course')).toMatchObject({ total: 6, held: 1, awaitingPayment: 0, paid: 0, free: 5 });
    const order = await checkout('orders-course', 'giulia@example.com', 2, registration);
    expect(await seatsOf(trainer.jar, 'orders-course')).toMatchObject({ held: 0, awaitingPayment: 2, paid: 0, free: 4 });

    // The order costs 2 × 891 €: 1,700 € received is not confirmed without saying so.
    const wrong = await office.call('POST', `/orders/${order}/paid`, { body: { amount: '1700', receivedOn: inDays(0) }, jar: trainer.jar });
    expect(wrong.status).toBe(409);
    expect(((await wrong.json()) as { errors: { path: string; message: string }[] }).errors).toEqual([
      { path: 'amount', message: 'amountMismatch' },
    ]);
    expect((await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.id, order)))[0]!.status).toBe('awaiting_transfer');

    const sales = await member('sales');
    const paid = await office.call('POST', `/orders/${order}/paid`, {
      body: { amount: '1700', receivedOn: inDays(0), confirmMismatch: true },
      jar: sales.jar,
    });
    expect(paid.status).toBe(200);
    const [stored] = await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.id, order));
    expect(stored).toMatchObject({ status: 'paid' });
    expect(await eventsOf(order)).toEqual(['created', 'instructions_sent', 'paid']);
    const [paidEvent] = await ctx.database.db
      .select()
      .from(courseOrderEvents)
      .where(and(eq(courseOrderEvents.orderId, order), eq(courseOrderEvents.kind, 'paid')));
    expect(paidEvent).toMatchObject({ amountCents: 170_000, actor: sales.id, detail: { receivedOn: inDays(0) } });
    expect(await mailKeys('giulia@example.com')).toContain(`order-paid:${order}`);
    // Sales are told the order they knew of is paid, not of a new order.
    const { renderMail } = await import('@/server/mail/mail');
    const [note] = (
      await ctx.database.query(`select data from pgboss.job where name = 'mail-send' and data->>'key' = $1`, [
        `order-notification:${order}:paid`,
      ])
    ).rows as { data: Parameters<typeof renderMail>[0] }[];
    const { subject, text } = await renderMail(note!.data);
    expect(subject).toMatch(/^Course order from .+: Paid$/);
    expect(text.toUpperCase()).toContain('A COURSE ORDER CHANGED: PAID');
    expect(text).not.toContain('A visitor sent');
    // Each field in words, the course by its title and the order linked in the office.
    expect(text).toMatch(/\nStatus\n+Paid\n+Course\n+.+ \S*\/office\/courses\/orders-course\S*\n+Reference\n/);
    expect(text).toMatch(/\nPayment\n+Bank transfer\n/);
    expect(text).toContain(`/office/orders/${order}`);
    expect(text).not.toContain('(orders-course)');
    expect(await audited('order.paid', order)).toBe(1);
    expect(await seatsOf(trainer.jar, 'orders-course')).toMatchObject({ awaitingPayment: 0, paid: 2, free: 4 });

    // Paid once: a second confirmation is refused.
    const again = await office.call('POST', `/orders/${order}/paid`, { body: { amount: '1782', receivedOn: inDays(0) }, jar: trainer.jar });
    expect(again.status).toBe(409);
  });

  it('mails the payment instructions again under a key of their own, then cancels the order and frees its seats', async () => {
    const order = await checkout('orders-course', 'marco@example.com', 1);
    const before = await seatsOf(trainer.jar, 'orders-course');
    expect((await office.call('POST', `/orders/${order}/resend`, { jar: trainer.jar })).status).toBe(200);
    expect((await mailKeys('marco@example.com')).sort()).toEqual([`order-transfer-2:${order}`, `order-transfer:${order}`]);
    expect(await audited('order.resend', order)).toBe(1);

    // Cancelling asks nothing of the customer: the seat comes back, and a second cancel is refused.
    expect((await office.call('POST', `/orders/${order}/cancel`, { jar: trainer.jar })).status).toBe(200);
    expect(await seatsOf(trainer.jar, 'orders-course')).toMatchObject({
      awaitingPayment: before.awaitingPayment - 1,
      free: before.free + 1,
    });
    expect((await office.call('POST', `/orders/${order}/cancel`, { jar: trainer.jar })).status).toBe(409);
    expect((await office.call('POST', `/orders/${order}/resend`, { jar: trainer.jar })).status).toBe(409);
    expect(await eventsOf(order)).toEqual(['created', 'instructions_sent', 'instructions_sent', 'cancelled']);
  });

  it('releases a registration’s seat unless an order counts it; recruiters may not', async () => {
    const free = await register('orders-course', 'luca@example.com');
    const ordered = await register('orders-course', 'anna@example.com');
    await checkout('orders-course', 'anna@example.com', 1, ordered);
    const recruiter = await member('recruiting');
    expect((await office.call('POST', `/registrations/${free}/release`, { jar: recruiter.jar })).status).toBe(403);
    const before = await seatsOf(trainer.jar, 'orders-course');
    expect((await office.call('POST', `/registrations/${free}/release`, { jar: trainer.jar })).status).toBe(200);
    expect(await seatsOf(trainer.jar, 'orders-course')).toMatchObject({
      held: before.held - 1,
      released: before.released + 1,
      free: before.free + 1,
    });
    expect((await office.call('POST', `/registrations/${free}/release`, { jar: trainer.jar })).status).toBe(409);
    expect((await office.call('POST', `/registrations/${ordered}/release`, { jar: trainer.jar })).status).toBe(409);
    const [row] = await ctx.database.db.select().from(courseRegistrations).where(eq(courseRegistrations.id, free));
    expect(row!.releasedAt).not.toBeNull();
    expect(await audited('registration.release', free)).toBe(1);
  });

  it('refuses a refund of a bank transfer order', async () => {
    const order = await checkout('orders-course', 'paolo@example.com', 1);
    expect((await office.call('POST', `/orders/${order}/refund`, { body: {}, jar: trainer.jar })).status).toBe(409);
  });
});

describe('the waiting list of a full course', () => {
  it('offers a freed seat to the first in line for 48 hours, then to the next; nobody else takes it meanwhile', async () => {
    const trainer = await member('training');
    expect((await office.call('POST', '/courses', { body: courseForm('waitlist-course', { spots: '1' }), jar: trainer.jar })).status).toBe(
      200,
    );
    expect((await office.call('POST', '/courses/waitlist-course/publish', { jar: trainer.jar })).status).toBe(200);
    const first = await register('waitlist-course', 'first@example.com');

    const join = (email: string, name: string) =>
      post(
        '/rest/form',
        {
          type: 'course_waitlist',
          form: { courseId: 'waitlist-course', name, email },
          context: { locale: 'de', page: '/de/education/waitlist-course/register', referrer: '', utm: {} },
          traps: { website: '', elapsedMs: 20_000 },
        },
        `203.0.113.${++visitor}`,
      );
    expect((await join('berta@example.com', 'Berta Braun')).status).toBe(200);
    expect((await join('carl@example.com', 'Carl Roth')).status).toBe(200);
    // Joining twice keeps the first place.
    expect((await join('Berta@example.com', 'Berta Braun')).status).toBe(200);
    expect(await mailKeys('berta@example.com')).toHaveLength(1);
    expect(await seatsOf(trainer.jar, 'waitlist-course')).toMatchObject({ held: 1, waiting: 2, offered: 0, free: 0 });

    // The first registrant withdraws: the seat goes to Berta at once, held for her.
    expect((await office.call('POST', `/registrations/${first}/release`, { jar: trainer.jar })).status).toBe(200);
    expect(await seatsOf(trainer.jar, 'waitlist-course')).toMatchObject({ held: 0, offered: 1, waiting: 1, free: 0 });
    const { renderMail } = await import('@/server/mail/mail');
    const [offerJob] = (
      await ctx.database.query(
        `select data from pgboss.job where name = 'mail-send' and data->>'to' = 'berta@example.com' and data->>'template' = 'course-waitlist-offer'`,
      )
    ).rows as { data: Parameters<typeof renderMail>[0] & { props: { registerUrl: string } } }[];
    const offer = offerJob!;
    expect(offer.data.locale).toBe('de');
    // As the worker renders it: the German subject, the time the hold ends, and the link.
    const rendered = await renderMail(offer.data);
    expect(rendered.subject).toBe('Ein Platz in Corso di Kubernetes ist für Sie reserviert');
    expect(rendered.text).toMatch(/bis \d{1,2}\. \w+ \d{4}/);
    expect(rendered.html).toContain(offer.data.props.registerUrl.replace(/&/g, '&amp;'));
    const url = new URL(offer.data.props.registerUrl);
    expect(url.pathname).toBe('/de/education/waitlist-course/register');
    const token = url.searchParams.get('offer')!;

    // Somebody else finds the course full; Berta's link registers her on the held seat.
    const other = await post(
      '/rest/form',
      {
        type: 'course_application',
        form: {
          courseId: 'waitlist-course',
          name: 'Dora Fuchs',
          email: 'dora@example.com',
          phone: '+49 30 123456',
          experience: 'none',
          motivation: '',
        },
        context: { locale: 'de', page: '/de/education/waitlist-course/register', referrer: '', utm: {} },
        traps: { website: '', elapsedMs: 20_000 },
      },
      `203.0.113.${++visitor}`,
    );
    expect(other.status).toBe(409);
    const taken = await post(
      '/rest/form',
      {
        type: 'course_application',
        form: {
          courseId: 'waitlist-course',
          name: 'Berta Braun',
          email: 'berta@example.com',
          phone: '+49 30 654321',
          experience: 'basic',
          motivation: '',
          offer: token,
        },
        context: { locale: 'de', page: '/de/education/waitlist-course/register', referrer: '', utm: {} },
        traps: { website: '', elapsedMs: 20_000 },
      },
      `203.0.113.${++visitor}`,
    );
    expect(taken.status).toBe(200);
    const berta = ((await taken.json()) as { registration: string }).registration;
    expect(await seatsOf(trainer.jar, 'waitlist-course')).toMatchObject({ held: 1, offered: 0, waiting: 1, free: 0 });
    const [course] = await ctx.database.db.select().from(courses).where(eq(courses.id, 'waitlist-course'));
    expect(course!.spotsTaken).toBe(1);

    // Berta withdraws too: Carl is offered the seat, does not take it, and 49 hours later it is free.
    expect((await office.call('POST', `/registrations/${berta}/release`, { jar: trainer.jar })).status).toBe(200);
    expect(await seatsOf(trainer.jar, 'waitlist-course')).toMatchObject({ offered: 1, waiting: 0, free: 0 });
    const { serveWaitingLists } = await import('./waitlist');
    const { queue } = await import('@/server/queue');
    expect(await serveWaitingLists(ctx.database.db, await queue(), new Date(Date.now() + 47 * 3600_000))).toEqual({
      offered: 0,
      lapsed: 0,
    });
    expect(await serveWaitingLists(ctx.database.db, await queue(), new Date(Date.now() + 49 * 3600_000))).toEqual({
      offered: 0,
      lapsed: 1,
    });
    expect(await seatsOf(trainer.jar, 'waitlist-course')).toMatchObject({ offered: 0, waiting: 0, free: 1 });
  });
});

describe('invoices', () => {
  it('numbers each paid order’s invoice in a gap-free sequence, attaches its PDF to the payment mail, and lets staff download it', async () => {
    const { renderMail } = await import('@/server/mail/mail');
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdfText = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
    const trainer = await member('training');
    expect((await office.call('POST', '/courses', { body: courseForm('invoice-course', { spots: '5' }), jar: trainer.jar })).status).toBe(
      200,
    );
    expect((await office.call('POST', '/courses/invoice-course/publish', { jar: trainer.jar })).status).toBe(200);

    const billed = await post(
      '/rest/checkout',
      {
        locale: 'it',
        form: {
          productId: 'invoice-course',
          quantity: 2,
          name: 'Giulia Rossi',
          email: 'fatture@example.com',
          confirmEmail: 'fatture@example.com',
          company: 'Rossi Software Srl',
          address: 'Via Roma 1, 20121 Milano',
          vatId: 'it12345678901',
        },
        traps: { website: '', elapsedMs: 20_000 },
      },
      `203.0.113.${++visitor}`,
    );
    expect(billed.status).toBe(200);
    const first = ((await billed.json()) as { order: string }).order;
    const second = await checkout('invoice-course', 'altro@example.com', 1);
    for (const order of [first, second]) {
      const [row] = await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.id, order));
      const amount = (row!.amountCents / 100).toFixed(2);
      expect(
        (await office.call('POST', `/orders/${order}/paid`, { body: { amount, receivedOn: inDays(0) }, jar: trainer.jar })).status,
      ).toBe(200);
    }
    const invoices = await ctx.database.db.select().from(courseInvoices).orderBy(courseInvoices.number);
    const ours = invoices.filter((i) => [first, second].includes(i.orderId));
    const year = new Date().getUTCFullYear();
    const [a, b] = ours.map((i) => Number(i.number.slice(5)));
    expect(ours.map((i) => i.number.slice(0, 5))).toEqual([`${year}-`, `${year}-`]);
    expect(b).toBe(a! + 1);
    const invoice = ours.find((i) => i.orderId === first)!;
    // 2 × 891 € with the 21% VAT they include: 1,472.73 € net and 309.27 € of VAT, named in the
    // invoice's language.
    expect(invoice.data).toMatchObject({
      totalCents: 178_200,
      netCents: 147_273,
      taxes: [{ label: 'IVA 21%', rate: 21, cents: 30_927 }],
      buyer: { name: 'Giulia Rossi', company: 'Rossi Software Srl', address: 'Via Roma 1, 20121 Milano', vatId: 'IT12345678901' },
    });

    // The payment mail, as the worker renders it, carries the PDF: read it back.
    const [job] = (
      await ctx.database.query(`select data from pgboss.job where name = 'mail-send' and singleton_key = $1`, [`order-paid:${first}`])
    ).rows as { data: Parameters<typeof renderMail>[0] }[];
    const mail = await renderMail(job!.data);
    expect(mail.text).toContain(`In allegato trovi la fattura ${invoice.number}.`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: `${invoice.number}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(new Uint8Array(mail.attachments[0]!.content));
    for (const expected of [
      'Fattura',
      invoice.number,
      'Rossi Software Srl',
      'Partita IVA: IT12345678901',
      'Corso di Kubernetes',
      'Totale 1782 €',
      '1472,73',
      '309,27',
      'IVA 21%',
    ])
      expect(text.replace(/\s/g, ' ').replace(/(\d)[.  ](\d{3})/g, '$1$2')).toContain(expected);
    expect(text).not.toContain('VAT');
    // The seller's name once, above an address that no longer repeats it.
    expect(text.split('Acme Digital S.L.').length - 1).toBe(1);
    expect(text).toContain('Calle Ejemplo 12, 28001 Madrid, Spagna');

    // Staff download it; each download is audited. Recruiters may not.
    const sales = await member('sales');
    const download = await office.call('GET', `/orders/${first}/invoice.pdf`, { jar: sales.jar });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(new Uint8Array(await download.arrayBuffer()))).toContain(invoice.number);
    expect(await audited('invoice.download', invoice.id)).toBe(1);
    const recruiter = await member('recruiting');
    expect((await office.call('GET', `/orders/${first}/invoice.pdf`, { jar: recruiter.jar })).status).toBe(403);
    // An unpaid order has none.
    const unpaid = await checkout('invoice-course', 'nessuna@example.com', 1);
    expect((await office.call('GET', `/orders/${unpaid}/invoice.pdf`, { jar: sales.jar })).status).toBe(404);
  });
});

describe('the lists of registrations and orders', () => {
  it('filter by course, where each stands, payment method, period and a search, newest first', async () => {
    const { listOfficeOrders, listOfficeRegistrations } = await import('./office-orders');
    const trainer = await member('training');
    expect((await office.call('POST', '/courses', { body: courseForm('list-course', { spots: '9' }), jar: trainer.jar })).status).toBe(200);
    expect((await office.call('POST', '/courses/list-course/publish', { jar: trainer.jar })).status).toBe(200);
    const holding = await register('list-course', 'ines.holding@example.com');
    const ordered = await register('list-course', 'otto.ordered@example.com');
    const order = await checkout('list-course', 'otto.ordered@example.com', 1, ordered);
    const db = ctx.database.db;
    const ids = ({ rows }: { rows: { id: string }[] }) => rows.map((r) => r.id);

    expect(ids(await listOfficeRegistrations(db, { course: 'list-course' }))).toEqual([ordered, holding]);
    expect(ids(await listOfficeRegistrations(db, { course: 'list-course', state: 'holding' }))).toEqual([holding]);
    expect(ids(await listOfficeRegistrations(db, { course: 'list-course', state: 'ordered' }))).toEqual([ordered]);
    expect(ids(await listOfficeRegistrations(db, { course: 'list-course', state: 'paid' }))).toEqual([]);
    expect(ids(await listOfficeRegistrations(db, { course: 'list-course', q: 'INES' }))).toEqual([holding]);
    const tomorrow = inDays(1);
    expect(ids(await listOfficeRegistrations(db, { course: 'list-course', from: tomorrow }))).toEqual([]);
    expect(ids(await listOfficeRegistrations(db, { course: 'list-course', to: tomorrow }))).toHaveLength(2);

    const {
      rows: [row],
    } = await listOfficeOrders(db, { course: 'list-course' });
    expect(row!.id).toBe(order);
    expect(ids(await listOfficeOrders(db, { course: 'list-course', status: 'awaiting_transfer', method: 'bank_transfer' }))).toEqual([
      order,
    ]);
    expect(ids(await listOfficeOrders(db, { course: 'list-course', method: 'stripe' }))).toEqual([]);
    expect(ids(await listOfficeOrders(db, { course: 'list-course', q: row!.reference.toLowerCase() }))).toEqual([order]);
    expect(ids(await listOfficeOrders(db, { course: 'list-course', status: 'paid' }))).toEqual([]);
  });
});
