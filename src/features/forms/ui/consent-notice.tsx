import type { Locale } from '@/i18n/routing';
import { localizedPath } from '@/i18n/routing';

/**
 * The consent notice before a form's button, its "Privacy Policy" a link to the policy in the
 * page's language. The notice's text stays the one recorded with each lead (its hash proves which
 * one the visitor saw): the link is found in it by the policy's name. It opens in a new tab, and
 * says so, so that what the visitor typed (often in a modal) is not lost.
 */
export function ConsentNotice({ locale, labels }: { locale: Locale; labels: { consent: string; privacyPolicy: string; newTab: string } }) {
  const at = labels.consent.indexOf(labels.privacyPolicy);
  const link = (
    <a href={localizedPath('/privacy-policy', locale)} target="_blank" rel="noopener" className="font-medium text-brand-800 underline">
      {labels.privacyPolicy} {labels.newTab}
    </a>
  );
  return (
    <p className="text-xs text-muted">
      {at < 0 ? (
        <>
          {labels.consent} {link}
        </>
      ) : (
        <>
          {labels.consent.slice(0, at)}
          {link}
          {labels.consent.slice(at + labels.privacyPolicy.length)}
        </>
      )}
    </p>
  );
}
