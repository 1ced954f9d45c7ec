import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { FormPage, formPageMetadata } from '@/features/leads/ui/form-page';
import { ContactCards } from '@/features/leads/ui/contact-cards';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return formPageMetadata('contact', (await params).locale);
}

export default async function ContactPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  return (
    <FormPage page="contact">
      <ContactCards locale={locale} labels={messages[locale].Forms} />
    </FormPage>
  );
}
