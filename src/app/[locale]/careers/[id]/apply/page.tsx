import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import { localizedPath } from '@/i18n/routing';
import { loadPosition, type PositionParams } from '@/features/applications/ui/load-position';
import { ApplyPage } from '@/features/applications/ui/apply-page';

export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: PositionParams): Promise<Metadata> {
  const { locale, position } = await loadPosition(props);
  const t = await getTranslations({ locale, namespace: 'Applications.apply' });
  return {
    ...pageMetadata(`/careers/${position.id}/apply`, locale, { title: t('metaTitle', { position: position.role }) }),
    robots: { index: false },
  };
}

export default async function PositionApplyPage(props: PositionParams) {
  const { locale, position } = await loadPosition(props);
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
