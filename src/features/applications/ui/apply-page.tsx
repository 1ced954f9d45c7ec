import { IntentLink as Link } from '@/ui/intent-link';
import { getTranslations } from 'next-intl/server';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { JobApplicationForm } from '../schema';
import { ApplicationForm } from './application-form';
import { applicationLabels } from './labels';

/** The frame of an application page: what it is for, a way back, the form. */
export async function ApplyPage({
  locale,
  target,
  heading,
  position,
  subtitle,
  back,
}: {
  locale: Locale;
  target: JobApplicationForm['target'];
  heading: string;
  position: string;
  subtitle?: string;
  back: { href: string; label: string };
}) {
  const t = await getTranslations('Applications.apply');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link href={back.href} className="text-sm font-semibold text-brand-700 underline underline-offset-4">
        <span aria-hidden="true">← </span>
        {back.label}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">{heading}</h1>
      <p className="mt-1 text-lg text-gray-800">{position}</p>
      {subtitle ? <p className="text-muted">{subtitle}</p> : null}
      <p className="mt-4 max-w-2xl text-muted">{t('intro')}</p>
      <div className="mt-8">
        <ApplicationForm locale={locale} labels={applicationLabels(messages[locale])} target={target} position={position} />
      </div>
    </div>
  );
}
