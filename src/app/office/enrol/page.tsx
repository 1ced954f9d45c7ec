import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { database } from '@/server/db';
import { officeAuth } from '@/server/office/auth';
import { officeT } from '@/server/office/office-t';
import { EnrolForm } from '../_ui/enrolment';
import { OfficeCard } from '../_ui/office-shell';

export const metadata = { title: 'Authenticator' };

/** For a member signed in with the password who has no authenticator yet. */
export default async function EnrolPage() {
  const session = await officeAuth((await database()).db).api.getSession({ headers: await headers() });
  if (!session) redirect('/office/sign-in');
  if (session.user.twoFactorEnabled) redirect('/office');
  const t = officeT((session.user as { locale?: string }).locale ?? 'en', 'Enrol');
  return (
    <OfficeCard title={t('title')}>
      <p className="mb-4 text-sm">{t('intro')}</p>
      <EnrolForm />
    </OfficeCard>
  );
}
