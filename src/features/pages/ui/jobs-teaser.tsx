import { getTranslations } from 'next-intl/server';
import { CallToAction } from './blocks';

/** The way from the consultancy's own pages to the job board, where most candidates are headed. */
export async function JobsTeaser({ className }: { className?: string }) {
  const t = await getTranslations('JobsTeaser');
  return <CallToAction className={className} heading={t('heading')} text={t('text')} href="/jobs" button={t('link')} />;
}
