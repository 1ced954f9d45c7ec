import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/link';

export async function SiteFooter({
  siteName,
  contributeUrl,
  socialUrl,
  address,
}: {
  siteName: string;
  contributeUrl?: string;
  socialUrl?: string;
  address: string;
}) {
  const t = await getTranslations('Footer');
  const internal = [
    { href: '/', label: t('home') },
    { href: '/jobs', label: t('jobs') },
    { href: '/services', label: t('services') },
    { href: '/process', label: t('process') },
    { href: '/about', label: t('about') },
    { href: '/careers', label: t('careers') },
    { href: '/contact', label: t('contact') },
    { href: '/feedback', label: t('feedback') },
    { href: '/education', label: t('education') },
  ];
  const legal = [
    { href: '/terms', label: t('terms') },
    { href: '/privacy-policy', label: t('privacy') },
    { href: '/cookies', label: t('cookies') },
  ];
  const linkClass = 'rounded text-sm text-gray-200 underline-offset-4 hover:text-white hover:underline';
  const external = (href: string, label: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {label}
      <span className="sr-only"> {t('opensInNewTab')}</span>
    </a>
  );
  return (
    <footer className="mt-auto bg-gray-900 text-gray-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-[1fr_auto]">
        <div>
          <p className="font-semibold text-white">{siteName}</p>
          <p className="mt-2 max-w-sm text-sm text-gray-300">{address}</p>
        </div>
        <nav aria-label={t('nav')}>
          <ul className="grid grid-cols-2 gap-x-8 gap-y-2 sm:grid-cols-3">
            {internal.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
            {contributeUrl && <li>{external(contributeUrl, t('contribute'))}</li>}
            {legal.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
            {socialUrl && <li>{external(socialUrl, t('social'))}</li>}
          </ul>
        </nav>
      </div>
      <p className="border-t border-gray-800 px-4 py-4 text-center text-xs text-gray-300">
        {t('rights', { year: new Date().getFullYear(), siteName })}
      </p>
    </footer>
  );
}
