import type { Metadata } from 'next';
import { IntentLink as Link } from '@/ui/intent-link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import { localizedPath } from '@/i18n/routing';
import { loadPosition, type PositionParams } from '@/features/applications/ui/load-position';
import { sanitizeDescription } from '@/server/html/sanitize';

export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: PositionParams): Promise<Metadata> {
  const { locale, position } = await loadPosition(props);
  return pageMetadata(`/careers/${position.id}`, locale, { title: position.role });
}

/** One of our open roles: its recruitment text, in the language it was written in. */
export default async function PositionPage(props: PositionParams) {
  const { locale, position } = await loadPosition(props);
  setRequestLocale(locale);
  const t = await getTranslations('Applications.careers');
  const language = new Intl.DisplayNames([locale], { type: 'language' }).of(position.locale) ?? position.locale;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Link href={localizedPath('/careers', locale)} className="text-sm font-semibold text-brand-700 underline underline-offset-4">
        <span aria-hidden="true">← </span>
        {t('allPositions')}
      </Link>
      <h1 lang={position.locale} className="mt-4 text-3xl font-bold tracking-tight text-ink">
        {position.role}
      </h1>
      {position.location ? <p className="mt-1 text-lg text-muted">{position.location}</p> : null}
      {position.locale !== locale ? <p className="mt-4 text-sm text-muted">{t('descriptionLanguage', { language })}</p> : null}
      <div
        lang={position.locale}
        className="mt-6 text-gray-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-3 [&_ul]:mt-2"
        // Sanitized when stored; sanitized again here so a row edited by hand cannot inject.
        dangerouslySetInnerHTML={{ __html: sanitizeDescription(position.description) }}
      />
      <Link
        href={localizedPath(`/careers/${position.id}/apply`, locale)}
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {t('apply')}
      </Link>
    </article>
  );
}
