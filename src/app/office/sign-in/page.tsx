import { redirect } from 'next/navigation';
import { currentStaff, officeRequestLocale } from '@/server/office/pages';
import { officeReturnPath } from '@/server/office/return-path';
import { officeT } from '@/server/office/office-t';
import { OfficeCard } from '../_ui/office-shell';
import { SignInForm } from '../_ui/sign-in-form';

export const metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  if (await currentStaff()) redirect(officeReturnPath(typeof next === 'string' ? next : undefined));
  return (
    <OfficeCard title={officeT(await officeRequestLocale(), 'SignIn')('title')}>
      <SignInForm />
    </OfficeCard>
  );
}
