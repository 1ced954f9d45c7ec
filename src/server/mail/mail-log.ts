import 'server-only';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db';

/** A mail the worker handed to the SMTP server, as a record's page in the office lists it. */
export interface SentMail {
  at: string;
  what: string;
  to: string;
  state: string;
}

/**
 * The mails about one record, oldest first: mail keys end with the record they are about
 * (`order-paid:<order id>`), and mail_deliveries has an index on that last part.
 */
export async function mailsAbout(db: DbOrTx, recordId: string): Promise<SentMail[]> {
  const rows = (await db.execute(
    sql`select recipient, subject, status, sent_at from mail_deliveries where split_part(key, ':', -1) = ${recordId} order by sent_at`,
  )) as unknown as { rows: { recipient: string; subject: string; status: string; sent_at: string }[] };
  return rows.rows.map((m) => ({ at: new Date(m.sent_at).toISOString(), what: m.subject, to: m.recipient, state: m.status }));
}
