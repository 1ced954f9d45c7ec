import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { VerifyResult, verifyResultMetadata } from '@/features/accounts/ui/verify-result';
import { isLocale, type Locale } from '@/i18n/routing';
import { env } from '@/server/env';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return verifyResultMetadata('verifyError', (await params).locale);
}

export default async function VerifyErrorPage({ params }: Params) {
  const { locale } = await params;
  // Any first segment reaches here ("/favicon.ico" too): only our locales are pages.
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return <VerifyResult outcome="verifyError" loginUrl={env().APP_LOGIN_URL} />;
}
