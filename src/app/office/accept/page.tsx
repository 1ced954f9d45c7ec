import { officeT } from '@/server/office/office-t';
import { officeRequestLocale } from '@/server/office/pages';
import { OfficeCard } from '../_ui/office-shell';
import { AcceptForm } from '../_ui/accept-form';

export const metadata = { title: 'Invitation' };

export default async function AcceptPage() {
  return (
    <OfficeCard title={officeT(await officeRequestLocale(), 'Accept')('title')}>
      <AcceptForm />
    </OfficeCard>
  );
}
