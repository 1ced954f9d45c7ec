import { officeT } from '@/server/office/office-t';
import { OfficeCard } from '../_ui/office-shell';
import { AcceptForm } from '../_ui/accept-form';

export const metadata = { title: 'Invitation' };

export default function AcceptPage() {
  return (
    <OfficeCard title={officeT('en', 'Accept')('title')}>
      <AcceptForm />
    </OfficeCard>
  );
}
