import 'server-only';
import { countApplicantLeads } from '@/features/forms/server';
import type { DashboardContribution } from '@/server/office/dashboard';

/** The applicants nobody has looked at yet, on the recruiters' dashboard. */
export const applicantsDashboard: DashboardContribution = {
  waiting: [
    {
      key: 'newApplicants',
      roles: ['recruiting', 'admin'],
      href: '/office/applicants?status=new',
      count: (db) => countApplicantLeads(db, { status: 'new' }),
    },
  ],
};
