import Link from 'next/link';
import { viewPrivacyRequest } from '@/features/privacy/server/privacy-office';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { DetailRows, DetailSection } from '../../_ui/detail-rows';
import { officeDate } from '../../_ui/format';
import { OfficeShell } from '../../_ui/office-shell';
import { viewedRecord } from '../../_ui/viewed-record';

export const metadata = { title: 'Privacy request' };

/** One privacy request: its address, deadline and state, what an erasure did, and each step from the audit log. */
export default async function PrivacyRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/privacy/[id]');
  const { detail: request } = await viewedRecord(params, staff, viewPrivacyRequest);
  const t = officeT(staff.locale, 'Privacy');
  const date = (v: string | null) => (v ? officeDate(v, staff.locale) : '');
  const step = (action: string) => {
    const key = `stepNames.${action.replace(/\./g, '_')}`;
    return t.has(key as never) ? t(key as 'stepNames.privacy_confirm') : action;
  };
  return (
    <OfficeShell staff={staff} current="/office/privacy" title={`${t(`kinds.${request.kind as 'copy'}`)} · ${request.email}`}>
      <Link href="/office/privacy" className="text-sm text-brand-700 underline">
        ← {t('back')}
      </Link>
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailSection id="details" title={t('details')}>
          <DetailRows
            rows={[
              [t('email'), request.email],
              [t('kind'), t(`kinds.${request.kind as 'copy'}`)],
              [t('status'), t(`statuses.${request.status as 'done'}`)],
              [t('language'), request.locale],
              [t('openedBy'), request.openedBy ? t('staffMember', { id: request.openedBy }) : t('visitor')],
              [t('created'), date(request.createdAt)],
              [t('due'), date(request.dueAt)],
              [t('completed'), date(request.completedAt)],
              ...(request.fileExpiresAt && request.status === 'ready'
                ? [[t('fileUntil'), date(request.fileExpiresAt)] as [string, string]]
                : []),
            ]}
          />
        </DetailSection>
        <DetailSection id="steps" title={t('steps')}>
          {request.steps.length === 0 ? (
            <p className="text-sm text-muted">{t('stepsEmpty')}</p>
          ) : (
            <ol className="grid gap-2 text-sm">
              {request.steps.map((s) => (
                <li key={`${s.at}-${s.action}`} className="grid gap-0.5 border-l-2 border-brand-700 pl-3">
                  <span className="font-medium">{step(s.action)}</span>
                  <span className="text-muted">
                    {officeDate(s.at, staff.locale)} · {t('by', { who: s.actor ?? t('system') })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </DetailSection>
      </div>
      {request.outcome ? (
        <DetailSection id="outcome" title={t('outcome')}>
          <DetailRows
            rows={[
              [
                t('deleted'),
                Object.entries(request.outcome.deleted)
                  .map(([kind, n]) => `${n} × ${kind}`)
                  .join('\n'),
              ],
              [
                t('kept'),
                request.outcome.kept
                  .map((k) =>
                    t('keptLine', { count: k.count, kind: k.kind, ground: k.ground, years: k.years, removed: k.removed.join(', ') }),
                  )
                  .join('\n'),
              ],
            ]}
          />
        </DetailSection>
      ) : null}
    </OfficeShell>
  );
}
