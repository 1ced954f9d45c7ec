import Link from 'next/link';
import { currentStaff } from '@/server/office/pages';
import { officeT } from '@/server/office/office-t';
import { OfficeCard } from './_ui/office-shell';

/** A page the member's role does not open (403). */
export default async function Forbidden() {
  const t = officeT((await currentStaff())?.locale ?? 'en', 'Forbidden');
  return (
    <OfficeCard title={t('title')}>
      <p className="mb-4">{t('body')}</p>
      <Link href="/office" className="text-brand-700 underline">
        {t('back')}
      </Link>
    </OfficeCard>
  );
}
