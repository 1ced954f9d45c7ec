import { getTranslations } from 'next-intl/server';
import { ErrorPanel } from '@/ui/error-panel';
import { Link } from '@/i18n/link';

/** A page asked for something that does not exist (an unknown job, say): status 404. */
export default async function LocaleNotFound() {
  const t = await getTranslations('Errors');
  return (
    <ErrorPanel status="404" title={t('notFoundTitle')} text={t('notFoundText')}>
      <Link href="/" className="font-semibold text-brand-700 underline underline-offset-4">
        {t('backHome')}
      </Link>
    </ErrorPanel>
  );
}
