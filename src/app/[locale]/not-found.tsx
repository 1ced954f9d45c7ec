import { getTranslations } from 'next-intl/server';
import { ErrorPanel } from '@/ui/error-panel';
import { Link } from '@/i18n/link';
import { WayOn, wayOnLinkClass, wayOnPages } from '@/ui/way-on';

/** A page asked for something that does not exist (an unknown job, say): status 404. */
export default async function LocaleNotFound() {
  const t = await getTranslations('Errors');
  const header = await getTranslations('Header');
  const labels = { '/jobs': header('jobs'), '/services': header('services'), '/contact': header('contact'), '/': t('backHome') };
  return (
    <ErrorPanel status="404" title={t('notFoundTitle')} text={t('notFoundText')}>
      <WayOn
        heading={t('wayOn')}
        links={wayOnPages.map((page) => (
          <Link key={page} href={page} className={wayOnLinkClass}>
            {labels[page]}
          </Link>
        ))}
      />
    </ErrorPanel>
  );
}
