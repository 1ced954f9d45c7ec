import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/link';
import { Logo } from '@/ui/brand/logo';
import { localeNames, localizedPath, type Locale } from '@/i18n/routing';
import { LanguageMenu } from './language-menu';
import { MobileMenu } from './mobile-menu';
import { NavLink } from './nav-link';
import { demoLink, headerLinks as links } from './site-links';

export async function SiteHeader({ siteName }: { siteName: string }) {
  const t = await getTranslations('Header');
  const locale = (await getLocale()) as Locale;
  return (
    <header className="relative border-b border-gray-200 bg-white">
      <a
        href="#main"
        className="sr-only rounded bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <Link
          href="/"
          aria-label={t('homeLabel', { siteName })}
          className="mr-auto shrink-0 text-lg font-bold tracking-tight whitespace-nowrap text-brand-800"
        >
          <Logo siteName={siteName} />
        </Link>
        <MobileMenu label={t('menu')} navLabel={t('mainNav')}>
          <ul className="flex flex-col gap-1 pt-2 xl:flex-row xl:items-center xl:gap-0 xl:pt-0">
            {links.map((link) => (
              <li key={link.key}>
                <NavLink
                  href={localizedPath(link.href, locale)}
                  page={link.href}
                  className="block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-ink hover:bg-gray-100 xl:px-2.5 aria-[current=page]:text-brand-700 aria-[current=page]:underline aria-[current=page]:underline-offset-4"
                >
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink
                href={localizedPath(demoLink.href, locale)}
                page={demoLink.href}
                className="mt-2 block rounded-md bg-brand-700 px-3 py-2 text-center text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-800 xl:mt-0 xl:ml-2"
              >
                {t(demoLink.key)}
              </NavLink>
            </li>
          </ul>
        </MobileMenu>
        <LanguageMenu label={t('languageCurrent', { language: localeNames[locale] })} names={localeNames} />
      </div>
    </header>
  );
}
