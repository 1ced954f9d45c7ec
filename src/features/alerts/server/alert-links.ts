import 'server-only';
import { searchToParams } from '@/features/jobs/schema';
import { localizedPath, type Locale } from '@/i18n/routing';
import { env } from '@/server/env';
import type { AlertSubscription } from './alerts-table';
import { subscriptionToken } from './tokens';

/** The addresses an alert's mails link to. */
export function links(sub: Pick<AlertSubscription, 'id' | 'locale' | 'search'>) {
  const base = env().PUBLIC_URL;
  const locale = sub.locale as Locale;
  const token = subscriptionToken(sub.id);
  const query = searchToParams(sub.search).toString();
  return {
    manageUrl: `${base}${localizedPath(`/alerts/${token}`, locale)}`,
    /** The visible link: the manage page, asking to confirm (a link scanner cannot unsubscribe). */
    unsubscribeUrl: `${base}${localizedPath(`/alerts/${token}`, locale)}?unsubscribe=1`,
    /** The one-click target of the List-Unsubscribe headers (RFC 8058). */
    oneClickUrl: `${base}/rest/newsletter/unsubscribe/${token}`,
    searchUrl: `${base}${localizedPath(`/jobs/${sub.search.dashboard}`, locale)}${query ? `?${query}` : ''}`,
  };
}
