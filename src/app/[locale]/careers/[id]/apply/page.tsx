import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import { isLocale, localizedPath, type Locale } from '@/i18n/routing';
import { openPosition } from '@/features/applications/server/applications-service';
import { ApplyPage } from '@/features/applications/ui/apply-page';
import { database } from '@/server/db';

export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

type Params = { params: Promise<{ locale: Locale; id: string }> };

async function load({ params }: Params) {
  const { locale, id } = await params;
  if (!isLocale(locale)) notFound();
  const position = await openPosition((await database()).db, id);
  if (!position) notFound();
  return { locale, position };
}

export async function generateMetadata(props: Params): Promise<Metadata> {
  const { locale, position } = await load(props);
  const t = await getTranslations({ locale, namespace: 'Applications.apply' });
  return { ...pageMetadata(`/careers/${position.id}/apply`, locale, { title: t('metaTitle', { position: position.role }) }), robots: { index: false } };
}

export default async function PositionApplyPage(props: Params) {
  const { locale, position } = await load(props);
  setRequestLocale(locale);
  const t = await getTranslations('Applications');
  return (
    <ApplyPage
      locale={locale}
      target={{ kind: 'position', id: position.id }}
      heading={t('apply.heading')}
      position={position.role}
      subtitle={position.location}
      back={{ href: localizedPath('/careers', locale), label: t('careers.allPositions') }}
    />
  );
}
