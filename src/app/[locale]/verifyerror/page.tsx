import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import { VerifyResult, verifyResultMetadata } from '@/features/accounts/ui/verify-result';
import type { Locale } from '@/i18n/routing';
import { env } from '@/server/env';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return verifyResultMetadata('verifyError', (await params).locale);
}

export default async function VerifyErrorPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  return <VerifyResult outcome="verifyError" loginUrl={env().APP_LOGIN_URL} />;
}
