import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApiDatabase } from '#tests/api-db';
import { courses } from './courses-table';

// The catalogue pages (/training, /education) and the registration form are cached; every change
// of a course's seats marks them, once the change has committed, so the next visit shows it.

const COURSE = 'online-01-fs';
const CATALOGUE = '/[locale]/listings/courses/[page]';
const REGISTER = '/[locale]/education/[id]/register';

// What the pages were marked with, and the seats a render would have read at that moment (outside
// the transaction): a mark made before the commit would have seen the old count. The setup has
// loaded the features already, so the services are loaded again here, on the page cache's stand-in.
const made: { routes: string[]; taken: number }[] = [];
let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
let services: Awaited<ReturnType<typeof load>>;

async function load() {
  vi.resetModules();
  vi.doMock('@/server/page-cache', async (original) => ({
    ...(await original<typeof import('@/server/page-cache')>()),
    revalidateRoutes: async (routes: readonly string[]) => {
      made.push({ routes: [...routes], taken: await taken() });
      return { shared: false };
    },
  }));
  return {
    ...(await import('./registrations-service')),
    ...(await import('./orders-service')),
    ...(await import('./checkout-service')),
    ...(await import('./courses-changed')),
    ...(await import('./courses-repository')),
    ...(await import('@/features/applications/server/positions-changed')),
    ...(await import('@/features/forms/server/receipts')),
    queue: await (await import('@/server/queue')).queue(),
  };
}

beforeAll(async () => {
  ctx = await useApiDatabase();
  const { loadCatalogueOnce } = await import('./courses-service');
  await loadCatalogueOnce(ctx.database.db);
  services = await load();
});
afterAll(() => ctx?.cleanup());
beforeEach(() => {
  made.length = 0;
});

const context = { locale: 'en' as const, page: `/education/${COURSE}/register`, referrer: '', utm: {} };
const traps = { website: '', elapsedMs: 20_000 };
const register = (i: number, spam: 'too_fast' | null = null, db = ctx.database.db) =>
  services.registerForCourse(
    db,
    services.queue,
    {
      type: 'course_application',
      form: { courseId: COURSE, name: `Student ${i}`, email: `seat${i}@example.com`, phone: '', experience: 'basic', motivation: '' },
      context,
      traps,
    },
    { ip: `198.51.100.${i}`, spam },
  );
const checkout = (email: string, quantity: number, ip: string) =>
  services.startCheckout(
    ctx.database.db,
    services.queue,
    {
      locale: 'en',
      form: { productId: COURSE, quantity, name: 'Ada Buyer', email, confirmEmail: email, company: '', address: '', vatId: '' },
      traps,
    },
    { ip, provider: null },
  );
async function taken() {
  return (await ctx.database.db.select().from(courses).where(eq(courses.id, COURSE)))[0]!.spotsTaken;
}
/** The seat marks made since the test began, each with the count a render would then have read. */
const seatMarks = () => made.filter((m) => m.routes.includes(CATALOGUE) && m.routes.includes(REGISTER)).map((m) => m.taken);

describe('the pages that show seats are marked once the seats changed', () => {
  it('after a registration, with its seat already counted', async () => {
    const before = await taken();
    await register(1);
    expect(await taken()).toBe(before + 1);
    expect(seatMarks()).toEqual([before + 1]);
  });

  it('after the outer commit, for a registration sent with an Idempotency-Key (stored inside its receipt’s transaction)', async () => {
    const before = await taken();
    // A mark inside that transaction would read the seats beside it: on the embedded database, it would wait for ever.
    await services.once(ctx.database.db, 'seats-changed-receipt-key', 'course_application', new Date(), (db) => register(3, null, db));
    expect(await taken()).toBe(before + 1);
    expect(seatMarks()).toEqual([before + 1]);
  });

  it('not for a registration suspected of spam, which holds no seat', async () => {
    const before = await taken();
    await register(2, 'too_fast');
    expect(await taken()).toBe(before);
    expect(seatMarks()).toEqual([]);
  });

  it('after a checkout, and after the order is cancelled or expires', async () => {
    const before = await taken();
    await checkout('buyer1@example.com', 2, '203.0.113.1');
    expect(seatMarks()).toEqual([before + 2]);

    const { cancelOrderByReference, expireTransferOrders, queue } = services;
    const [order] = (await ctx.database.query(`select reference from course_orders where email = 'buyer1@example.com'`)).rows as {
      reference: string;
    }[];
    await cancelOrderByReference(ctx.database.db, order!.reference);
    expect(seatMarks()).toEqual([before + 2, before]);

    await checkout('buyer2@example.com', 1, '203.0.113.2');
    made.length = 0;
    // Nothing due: no mark.
    expect(await expireTransferOrders(ctx.database.db, queue)).toEqual({ expired: 0 });
    expect(seatMarks()).toEqual([]);
    expect((await expireTransferOrders(ctx.database.db, queue, new Date(Date.now() + 30 * 86_400_000))).expired).toBe(1);
    expect(seatMarks()).toEqual([before]);
  });

  it('after a registration is released', async () => {
    const { releaseRegistration } = services;
    const [registration] = (await ctx.database.query(`select id from course_registrations where email = 'seat1@example.com'`)).rows as {
      id: string;
    }[];
    const before = await taken();
    await releaseRegistration(ctx.database.db, registration!.id);
    expect(seatMarks()).toEqual([before - 1]);
  });

  it("when a course's registrations closed within the last two minutes, for the tick to mark its cards", async () => {
    const { registrationsClosedWithin } = services;
    expect(await registrationsClosedWithin(ctx.database.db, 120)).toBe(false);
    await ctx.database.db
      .update(courses)
      .set({ applicationDeadline: new Date(Date.now() - 30_000) })
      .where(eq(courses.id, COURSE));
    expect(await registrationsClosedWithin(ctx.database.db, 120)).toBe(true);
    await ctx.database.db
      .update(courses)
      .set({ applicationDeadline: new Date(Date.now() - 3_600_000) })
      .where(eq(courses.id, COURSE));
    expect(await registrationsClosedWithin(ctx.database.db, 120)).toBe(false);
  });
});

describe('a change of a course or of a position', () => {
  it('marks /training and /education, or /careers, with its own pages', async () => {
    await services.coursesChanged();
    await services.positionsChanged();
    expect(made.map((m) => m.routes)).toEqual([
      expect.arrayContaining([CATALOGUE, '/[locale]/education/[id]/specs', REGISTER]),
      expect.arrayContaining(['/[locale]/listings/positions/[page]', '/[locale]/careers/[id]']),
    ]);
  });
});
