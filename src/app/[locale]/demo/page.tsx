import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { FormPage, formPageMetadata } from '@/features/leads/ui/form-page';
import { DemoLeadForm } from '@/features/leads/ui/simple-forms';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return formPageMetadata('demo', (await params).locale);
}

export default async function DemoPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  return (
    <FormPage page="demo">
      <div className="max-w-xl">
        <DemoLeadForm locale={locale} labels={messages[locale].Forms} />
      </div>
    </FormPage>
  );
}
