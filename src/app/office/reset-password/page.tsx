import { officeT } from '@/server/office/office-t';
import { officeRequestLocale } from '@/server/office/pages';
import { OfficeCard } from '../_ui/office-shell';
import { ResetPasswordForm } from '../_ui/password-reset-forms';

export const metadata = { title: 'New password' };

/** The page of the link mailed after "Forgot your password?" (`#<token>`). */
export default async function ResetPasswordPage() {
  return (
    <OfficeCard title={officeT(await officeRequestLocale(), 'Reset')('resetTitle')}>
      <ResetPasswordForm />
    </OfficeCard>
  );
}
