import type { ReactNode } from 'react';
import type { FieldRow } from '@/features/forms/server';
import { consentNoticeText } from '@/features/forms/server/submissions';
import { DetailRows, DetailSection } from './detail-rows';
import { officeDate } from './format';

// The sections a lead's page has on every desk (the sales inbox's lead, the recruiters' applicant),
// in the desk's words.

/** What the visitor sent: its fields as the desk words and orders them (`rows`), after when it came. */
export function LeadFields({
  t,
  locale,
  lead,
  rows,
  children,
}: {
  t: (key: 'fields' | 'received') => string;
  locale: string;
  lead: { createdAt: Date };
  rows: FieldRow[];
  children?: ReactNode;
}) {
  return (
    <DetailSection id="fields" title={t('fields')}>
      <DetailRows
        rows={[
          [t('received'), officeDate(lead.createdAt, locale)],
          ...rows.map((r): [string, string, string | undefined] => [r.label, r.value, r.href]),
        ]}
      />
      {children}
    </DetailSection>
  );
}

/** Where the lead was sent from, and the consent notice the visitor was shown; `utm`, the campaign, where the desk shows it. */
export function LeadContext({
  t,
  locale,
  lead,
  utm,
}: {
  t: ((key: 'context' | 'page' | 'referrer' | 'locale' | 'consent' | 'noConsent') => string) &
    ((key: 'consentLine', values: { notice: string; locale: string; at: string; sha: string }) => string);
  locale: string;
  lead: {
    page: string;
    referrer: string;
    locale: string;
    utm: Record<string, string>;
    consent: { notice: string; locale: string; at: string; sha256: string } | null;
  };
  utm?: string;
}) {
  return (
    <DetailSection id="context" title={t('context')}>
      <DetailRows
        rows={[
          [t('page'), lead.page],
          [t('referrer'), lead.referrer],
          [t('locale'), lead.locale.toUpperCase()],
          ...(utm
            ? [
                [
                  utm,
                  Object.entries(lead.utm)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(', '),
                ] as [string, string],
              ]
            : []),
          [
            t('consent'),
            lead.consent
              ? t('consentLine', {
                  notice: consentNoticeText(lead.consent),
                  locale: lead.consent.locale.toUpperCase(),
                  at: officeDate(lead.consent.at, locale),
                  sha: lead.consent.sha256,
                })
              : t('noConsent'),
          ],
        ]}
      />
    </DetailSection>
  );
}
