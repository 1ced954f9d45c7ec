import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { verifyPath } from '@/features/accounts/server/accounts-service';
import { VerifyLink } from '@/features/accounts/ui/verify-result';
import { localizedPath, type Locale } from '@/i18n/routing';

// The link in the code mail. Opening it confirms nothing: mail scanners open links before people
// do, and would use up the code. The page's button confirms, with a POST.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: Locale; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'SignUp.verifyLink' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

export default async function VerifyEmailPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  pageLocale(locale);
  const query = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v.slice(0, 100) : '');
  let userId = id;
  try {
    userId = decodeURIComponent(id);
  } catch {
    // A malformed link: the button then lands on /verifyerror.
  }
  return (
    <VerifyLink
      action={localizedPath(`${verifyPath(userId)}/confirm`, locale)}
      signup={one(query.signup)}
      code={one(query.code)}
      retry={query.retry === '1'}
    />
  );
}
