import { localePickerScript, locales, type Locale } from '@/i18n/routing';

/**
 * For the two pages rendered outside any locale (the static 404 and the error page of last
 * resort): every language is in the HTML, English is shown, and a few lines of script show the
 * visitor's language instead.
 */
export function LocalizedFallback({ render }: { render: (locale: Locale) => React.ReactNode }) {
  return (
    <>
      {locales.map((locale) => (
        <div key={locale} data-locale-block={locale} lang={locale} hidden={locale !== 'en'}>
          {render(locale)}
        </div>
      ))}
      <script dangerouslySetInnerHTML={{ __html: localePickerScript() }} />
    </>
  );
}
