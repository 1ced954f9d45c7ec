import Link from 'next/link';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { AppError } from '@/server/errors';
import { viewPosting } from '@/features/postings/server/postings-service';
import { findAnyJob } from '@/features/jobs/server/jobs-repository';
import { clientIp } from '@/server/api/client-ip';
import { database } from '@/server/db';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { isPlausibleId } from '@/lib/ids';
import { DetailRows, detailSection } from '../../_ui/detail-rows';
import { officeDate } from '../../_ui/format';
import { OfficeShell } from '../../_ui/office-shell';
import { PostingReview } from './posting-review';

export const metadata = { title: 'Job posting' };

/** One posting: its contact, the version sent beside the one on the board, and the review. */
export default async function PostingPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/postings/[id]');
  const { id } = await params;
  const db = (await database()).db;
  const found = isPlausibleId(id)
    ? await viewPosting(db, id, { actor: staff.id, ip: clientIp(await headers()) }).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'not_found') return undefined;
        throw err;
      })
    : undefined;
  if (!found) notFound();
  const { posting, state, job, version } = found;
  const t = officeT(staff.locale, 'Postings');
  const live = job ? await findAnyJob(db, job.id) : undefined;
  const sent = posting.draft ?? posting.listing;
  const onBoard = posting.draft && posting.listing ? posting.listing : undefined;
  const field = (k: string) => (t.has(`fields.${k}` as never) ? t(`fields.${k}` as never) : k);
  const rowsOf = (listing: Record<string, unknown>): [string, string][] =>
    Object.entries(listing).map(([k, v]) => [field(k), v === undefined || v === null ? '' : String(v)]);
  const changed = new Set(
    onBoard && posting.draft
      ? Object.keys(posting.draft).filter(
          (k) => String((posting.draft as Record<string, unknown>)[k] ?? '') !== String((onBoard as Record<string, unknown>)[k] ?? ''),
        )
      : [],
  );

  return (
    <OfficeShell staff={staff} current="/office/postings" title={`${sent?.position ?? id} · ${posting.company}`}>
      <Link href="/office/postings" className="text-sm text-brand-700 underline">
        ← {t('back')}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          <section className={detailSection} aria-labelledby="sent">
            <h2 id="sent" className="text-lg font-semibold">
              {posting.draft ? (onBoard ? t('sentChanges') : t('sentVersion')) : t('boardVersion')}
            </h2>
            {changed.size > 0 ? (
              <p className="text-sm text-amber-900">{t('changedFields', { fields: [...changed].map(field).join(', ') })}</p>
            ) : null}
            {sent ? <DetailRows rows={rowsOf(sent)} /> : null}
          </section>
          {onBoard ? (
            <section className={detailSection} aria-labelledby="board">
              <h2 id="board" className="text-lg font-semibold">
                {t('boardVersion')}
              </h2>
              <DetailRows rows={rowsOf(onBoard)} />
            </section>
          ) : null}
        </div>
        <div className="grid content-start gap-6">
          <section className={detailSection} aria-labelledby="review">
            <h2 id="review" className="text-lg font-semibold">
              {t('review')}
            </h2>
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
          </section>
        </div>
      </div>
    </OfficeShell>
  );
}
