import Link from 'next/link';
import { AppError } from '@/server/errors';
import { viewPosting } from '@/features/postings/server/postings-service';
import { findAnyJob } from '@/features/jobs/server/jobs-repository';
import type { Dashboard } from '@/features/jobs/schema';
import { LISTING_ORDER, postingFieldRows, postingPreview } from '@/features/postings/server/posting-fields';
import { officeLocale } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { DetailRows, DetailSection } from '../../_ui/detail-rows';
import { officeDate } from '../../_ui/format';
import { RecordPage } from '../../_ui/record-page';
import { viewedRecord } from '../../_ui/viewed-record';
import { PostingReview } from './posting-review';
import { JobPreview } from './job-preview';

export const metadata = { title: 'Job posting' };

/** One posting: its contact, the version sent beside the one on the board, and the review. */
export default async function PostingPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/postings/[id]');
  const {
    id,
    db,
    detail: found,
  } = await viewedRecord(params, staff, (db, id, by) =>
    viewPosting(db, id, by).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'not_found') return undefined;
      throw err;
    }),
  );
  const { posting, state, job, version } = found;
  const t = officeT(staff.locale, 'Postings');
  const live = job ? await findAnyJob(db, job.id) : undefined;
  const sent = posting.draft ?? posting.listing;
  const onBoard = posting.draft && posting.listing ? posting.listing : undefined;
  const field = (k: string) => (t.has(`fields.${k}` as never) ? t(`fields.${k}` as never) : k);
  const rowsOf = (listing: Record<string, unknown>): [string, string][] =>
    postingFieldRows(listing, staff.locale).map((r) => [r.label, r.value]);
  const changed = new Set(
    onBoard && posting.draft
      ? LISTING_ORDER.filter(
          (k) => String((posting.draft as Record<string, unknown>)[k] ?? '') !== String((onBoard as Record<string, unknown>)[k] ?? ''),
        )
      : [],
  );
  const locale = officeLocale(staff.locale);
  const preview = sent ? postingPreview(posting.id, sent, locale) : undefined;

  const title = `${sent?.position ?? id} · ${posting.company}`;
  const side = (
    <>
      <DetailSection id="review" title={t('review')}>
        <DetailRows
          rows={[
            [t('stateLabel'), t(`employerState.${state}`)],
            [t('contact'), `${posting.contactName} <${posting.email}>`],
            [t('language'), posting.locale.toUpperCase()],
            [t('created'), officeDate(posting.createdAt, staff.locale)],
            [t('sent'), posting.submittedAt ? officeDate(posting.submittedAt, staff.locale) : ''],
            [t('reviewed'), posting.reviewedAt ? officeDate(posting.reviewedAt, staff.locale) : ''],
            [t('liveUntil'), live?.validThrough ? officeDate(live.validThrough, staff.locale) : ''],
            [t('rejection'), posting.rejectionReason ?? ''],
            [t('spam'), posting.spam ? t('suspected') : ''],
          ]}
        />
        {job ? (
          <Link href={`/office/jobs/${job.id}`} className="text-sm text-brand-700 underline">
            {t('openJob')}
          </Link>
        ) : null}
        {posting.state === 'pending' ? <PostingReview id={posting.id} version={version} live={!!job} /> : null}
      </DetailSection>
    </>
  );
  return (
    <RecordPage staff={staff} current="/office/postings" title={title} back={t('back')} side={side}>
      <DetailSection id="sent" title={posting.draft ? (onBoard ? t('sentChanges') : t('sentVersion')) : t('boardVersion')}>
        {changed.size > 0 ? (
          <p className="text-sm text-amber-900">{t('changedFields', { fields: [...changed].map(field).join(', ') })}</p>
        ) : null}
        {sent ? <DetailRows rows={rowsOf(sent)} /> : null}
      </DetailSection>
      {onBoard ? (
        <DetailSection id="board" title={t('boardVersion')}>
          <DetailRows rows={rowsOf(onBoard)} />
        </DetailSection>
      ) : null}
      {sent ? (
        <JobPreview
          preview={preview}
          dashboard={(preview?.card.dashboards[0] ?? 'all') as Dashboard}
          locale={locale}
          words={{ title: t('preview'), hint: t('previewHint'), card: t('previewCard'), page: t('previewPage'), none: t('previewNone') }}
        />
      ) : null}
    </RecordPage>
  );
}
