import { officeT } from '@/server/office/office-t';
import { officeRequestLocale } from '@/server/office/pages';
import { OfficeCard } from '../_ui/office-shell';
import { ForgotPasswordForm } from '../_ui/password-reset-forms';

export const metadata = { title: 'Forgot your password' };

export default async function ForgotPasswordPage() {
  return (
    <OfficeCard title={officeT(await officeRequestLocale(), 'Reset')('forgotTitle')}>
      <ForgotPasswordForm />
    </OfficeCard>
  );
}
