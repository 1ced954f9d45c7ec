import 'server-only';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { leads } from '@/features/forms/server/leads-table';
import type { DashboardContribution } from '@/server/office/dashboard';
import { APPLICANT_KINDS } from './applicants';

/** The applicants nobody has looked at yet, on the recruiters' dashboard. */
export const applicantsDashboard: DashboardContribution = {
  waiting: [
    {
      key: 'newApplicants',
      roles: ['recruiting', 'admin'],
      href: '/office/applicants?status=new',
      count: async (db) => {
        const [row] = await db
          .select({ n: count() })
          .from(leads)
          .where(and(inArray(leads.type, [...APPLICANT_KINDS]), isNull(leads.spam), eq(leads.status, 'new')));
        return Number(row?.n ?? 0);
      },
    },
  ],
};
