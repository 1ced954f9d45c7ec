import 'server-only';
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { jobEnds } from '@/features/jobs/server';
import { jobPostings, type JobPosting, type NewJobPosting } from './postings-table';

const DAY_MS = 24 * 3600 * 1000;

export async function insertPosting(db: DbOrTx, row: NewJobPosting): Promise<void> {
  await db.insert(jobPostings).values(row);
}

export async function findPosting(db: DbOrTx, id: string, lock = false): Promise<JobPosting | undefined> {
  const query = db.select().from(jobPostings).where(eq(jobPostings.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function updatePosting(db: DbOrTx, id: string, change: Partial<NewJobPosting>): Promise<void> {
  await db.update(jobPostings).set(change).where(eq(jobPostings.id, id));
}

/** Unconfirmed to pending, once: the row when this call made the change. */
export async function confirmPosting(db: DbOrTx, id: string, now: Date): Promise<JobPosting | undefined> {
  const [row] = await db
    .update(jobPostings)
    .set({ state: 'pending', confirmedAt: now, submittedAt: now })
    .where(and(eq(jobPostings.id, id), eq(jobPostings.state, 'unconfirmed')))
    .returning();
  return row;
}

/** Postings this address started in the last day: a bound on the confirmation mails it gets. */
export async function countPostingsSince(db: DbOrTx, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobPostings)
    .where(and(eq(jobPostings.email, email), sql`${jobPostings.createdAt} >= ${since.toISOString()}::timestamptz`));
  return row?.n ?? 0;
}

export type PostingListRow = Pick<JobPosting, 'id' | 'company' | 'state' | 'jobId' | 'submittedAt' | 'createdAt' | 'spam'> & {
  position: string;
};

/** The office's list of one state: waiting ones oldest first (the queue), the others newest first. */
export async function findPostings(db: DbOrTx, state: JobPosting['state'], limit = 200): Promise<PostingListRow[]> {
  return db
    .select({
      id: jobPostings.id,
      company: jobPostings.company,
      state: jobPostings.state,
      jobId: jobPostings.jobId,
      submittedAt: jobPostings.submittedAt,
      createdAt: jobPostings.createdAt,
      spam: jobPostings.spam,
      position: sql<string>`coalesce(${jobPostings.draft}->>'position', ${jobPostings.listing}->>'position', '')`,
    })
    .from(jobPostings)
    .where(eq(jobPostings.state, state))
    .orderBy(state === 'pending' ? asc(jobPostings.submittedAt) : desc(jobPostings.createdAt))
    .limit(limit);
}

export async function countPendingPostings(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobPostings)
    .where(eq(jobPostings.state, 'pending'));
  return row?.n ?? 0;
}

/** Postings whose job ends within `days` of `now` and whose employer was not told of that end yet. */
export async function findEndingPostings(db: DbOrTx, now: Date, days: number): Promise<(JobPosting & { validThrough: Date })[]> {
  const rows = await db
    .select({ posting: jobPostings, validThrough: jobEnds.validThrough })
    .from(jobPostings)
    .innerJoin(jobEnds, eq(jobEnds.id, jobPostings.jobId))
    .where(
      and(
        inArray(jobPostings.state, ['approved', 'pending']),
        sql`${jobEnds.closedAt} is null`,
        sql`${jobEnds.validThrough} > ${now.toISOString()}::timestamptz`,
        sql`${jobEnds.validThrough} <= ${new Date(now.getTime() + days * DAY_MS).toISOString()}::timestamptz`,
        sql`${jobPostings.noticeFor} is distinct from ${jobEnds.validThrough}`,
      ),
    );
  return rows.map((r) => ({ ...r.posting, validThrough: r.validThrough! }));
}

export async function findPostingsByEmail(db: DbOrTx, email: string): Promise<JobPosting[]> {
  return db.select().from(jobPostings).where(eq(jobPostings.email, email)).orderBy(desc(jobPostings.createdAt));
}

/**
 * Retention: postings never confirmed, 7 days after they were sent; the others a year after the
 * end: their job's end (closing a job ends it), or for a posting never on the board its last
 * review. Their job, if any, stays on record without the contact.
 */
export async function deleteStalePostings(db: DbOrTx, now: Date): Promise<number> {
  const yearAgo = new Date(now.getTime() - 365 * DAY_MS).toISOString();
  const rows = await db
    .delete(jobPostings)
    .where(
      or(
        and(eq(jobPostings.state, 'unconfirmed'), lt(jobPostings.createdAt, new Date(now.getTime() - 7 * DAY_MS))),
        and(
          sql`${jobPostings.state} <> 'unconfirmed'`,
          sql`coalesce(
            (select ${jobEnds.validThrough} from ${jobEnds} where ${jobEnds.id} = ${jobPostings.jobId}),
            case when ${jobPostings.jobId} is null and ${jobPostings.state} in ('rejected', 'closed')
              then coalesce(${jobPostings.reviewedAt}, ${jobPostings.createdAt}) end
          ) < ${yearAgo}::timestamptz`,
        ),
      ),
    )
    .returning({ id: jobPostings.id });
  return rows.length;
}
