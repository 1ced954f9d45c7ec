import 'server-only';
import { and, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db';
import { expireAudit } from './audit';
import { staffInvitation } from './staff-tables';

/** The office's own periods: the audit log three years, unused invitations a week past their expiry. */
export const officeRetention = [
  { name: 'office-audit-3-years', apply: (db: Db, now: Date) => expireAudit(db, now) },
  {
    name: 'office-invitations-expired',
    apply: async (db: Db, now: Date) =>
      (
        await db
          .delete(staffInvitation)
          .where(and(isNull(staffInvitation.acceptedAt), lt(staffInvitation.expiresAt, new Date(now.getTime() - 7 * 86_400_000))))
          .returning({ id: staffInvitation.id })
      ).length,
  },
];
