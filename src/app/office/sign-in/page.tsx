import { redirect } from 'next/navigation';
import { currentStaff } from '@/server/office/pages';
import { officeT } from '@/server/office/office-t';
import { OfficeCard } from '../_ui/office-shell';
import { SignInForm } from '../_ui/sign-in-form';

export const metadata = { title: 'Sign in' };

export default async function SignInPage() {
  if (await currentStaff()) redirect('/office');
  return (
    <OfficeCard title={officeT('en', 'SignIn')('title')}>
      <SignInForm />
    </OfficeCard>
  );
}
