import Link from 'next/link';
import { notFound } from 'next/navigation';
import { headers } from 'next/headers';
import { viewApplicant } from '@/features/applications/server/applicants';
import { clientIp } from '@/server/api/client-ip';
import { database } from '@/server/db';
import { env } from '@/server/env';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { listStaff } from '@/server/office/staff-members';
import { isPlausibleId } from '@/lib/ids';
import { consentNoticeText } from '@/features/forms/server/submissions';
import { DetailRows, detailSection } from '../../_ui/detail-rows';
import { officeDate } from '../../_ui/format';
import { OfficeShell } from '../../_ui/office-shell';
import { SentMails } from '../../_ui/record-sections';
import { NoteForm } from '../../leads/_ui/lead-work';
import { ConfirmRequest } from '../../_ui/confirm-request';
import { ApplicantWork, OpenCv } from '../_ui/applicant-work';

export const metadata = { title: 'Applicant' };

/** An applicant: what they sent, consent, their CV, where they are (and, once hired, keeping the record), notes, mails and their other records. */
export default async function ApplicantPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/applicants/[id]');
  const { id } = await params;
  const db = (await database()).db;
  // Every look at a person's details is in the audit log.
  const detail = isPlausibleId(id) ? await viewApplicant(db, id, { actor: staff.id, ip: clientIp(await headers()) }) : undefined;
  if (!detail) notFound();
  const t = officeT(staff.locale, 'Applicants');
  const leadsT = officeT(staff.locale, 'Leads');
  const { lead, notes, mails, cv, person } = detail;
  const { members } = await listStaff(db);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const form = lead.form as Record<string, unknown>;
  const kind = (type: string) =>
    t.has(`kinds.${type}` as never)
      ? t(`kinds.${type}` as never)
      : leadsT.has(`kinds.${type}` as never)
        ? leadsT(`kinds.${type}` as never)
        : type;
  const value = (k: string, v: unknown): string => {
    if (k === 'job' && v && typeof v === 'object') return String((v as { title?: unknown }).title ?? '');
    if (k === 'target' && v && typeof v === 'object')
      return `${String((v as { kind?: unknown }).kind)} ${String((v as { id?: unknown }).id)}`;
    return typeof v === 'string' ? v : JSON.stringify(v);
  };

  return (
    <OfficeShell staff={staff} current="/office/applicants" title={`${String(form.name ?? lead.email ?? id)} · ${kind(lead.type)}`}>
      <Link href="/office/applicants" className="text-sm text-brand-700 underline">
        ← {t('back')}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          <section className={detailSection} aria-labelledby="fields">
            <h2 id="fields" className="text-lg font-semibold">
              {t('fields')}
            </h2>
            <DetailRows
              rows={[
                [t('received'), officeDate(lead.createdAt, staff.locale)],
                ...Object.entries(form)
                  .filter(([, v]) => v !== undefined && v !== null && v !== '')
                  .map(([k, v]): [string, string] => [t.has(`fieldNames.${k}` as never) ? t(`fieldNames.${k}` as never) : k, value(k, v)]),
              ]}
            />
          </section>
          <section className={detailSection} aria-labelledby="cv">
            <h2 id="cv" className="text-lg font-semibold">
              {t('cv')}
            </h2>
            {cv ? (
              <>
                <p className="text-sm">{t('cvLine', { filename: cv.filename, type: cv.contentType })}</p>
                <OpenCv id={id} />
              </>
            ) : (
              <p className="text-sm text-muted">{t('noCv')}</p>
            )}
          </section>
          <section className={detailSection} aria-labelledby="context">
            <h2 id="context" className="text-lg font-semibold">
              {t('context')}
            </h2>
            <DetailRows
              rows={[
                [t('page'), lead.page],
                [t('referrer'), lead.referrer],
                [t('locale'), lead.locale.toUpperCase()],
                [
                  t('consent'),
                  lead.consent
                    ? t('consentLine', {
                        notice: consentNoticeText(lead.consent),
                        locale: lead.consent.locale.toUpperCase(),
                        at: officeDate(lead.consent.at, staff.locale),
                        sha: lead.consent.sha256,
                      })
                    : t('noConsent'),
                ],
              ]}
            />
          </section>
          <SentMails mails={mails} locale={staff.locale} title={t('mails')} empty={t('noMails')} />
        </div>
        <div className="grid content-start gap-6">
          <section className={detailSection} aria-labelledby="work">
            <h2 id="work" className="text-lg font-semibold">
              {t('work')}
            </h2>
            <ApplicantWork id={id} status={lead.status} kept={!!lead.keptAt} />
          </section>
          {lead.status === 'hired' || lead.keptAt ? (
            <section className={detailSection} aria-labelledby="keep">
              <h2 id="keep" className="text-lg font-semibold">
                {t('keepTitle')}
              </h2>
              <p className="text-sm">
                {lead.keptAt
                  ? t('kept', { at: officeDate(lead.keptAt, staff.locale), name: names.get(lead.keptBy ?? '') ?? '—' })
                  : t('keepHint', {
                      days: env().CV_RETENTION_DAYS,
                      date: officeDate(new Date(lead.createdAt.getTime() + env().CV_RETENTION_DAYS * 86_400_000), staff.locale),
                    })}
              </p>
              {/* Kept, retention leaves the record and its CV; no longer kept, retention may delete them at once. */}
              <ConfirmRequest
                fit
                label={lead.keptAt ? t('unkeep') : t('keep')}
                question={lead.keptAt ? t('unkeepQuestion', { days: env().CV_RETENTION_DAYS }) : t('keepQuestion')}
                danger={!!lead.keptAt}
                path={`/applicants/${id}/keep`}
                method={lead.keptAt ? 'DELETE' : 'POST'}
              />
            </section>
          ) : null}
          <section className={detailSection} aria-labelledby="notes">
            <h2 id="notes" className="text-lg font-semibold">
              {t('notes')}
            </h2>
            {notes.length === 0 ? (
              <p className="text-sm text-muted">{t('noNotes')}</p>
            ) : (
              <ol className="grid gap-3">
                {notes.map((note) => (
                  <li key={note.id} className="rounded-md bg-gray-50 p-3 text-sm">
                    <p className="whitespace-pre-wrap">{note.body}</p>
                    <p className="mt-1 text-xs text-muted">
                      {t('noteBy', { name: names.get(note.authorId) ?? '—', at: officeDate(note.createdAt, staff.locale) })}
                    </p>
                  </li>
                ))}
              </ol>
            )}
            <NoteForm id={id} base="applicants" />
          </section>
          <section className={detailSection} aria-labelledby="person">
            <h2 id="person" className="text-lg font-semibold">
              {t('person')}
            </h2>
            {person.length === 0 ? (
              <p className="text-sm text-muted">{t('noPerson')}</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {person.map((p) => (
                  <li key={`${p.kind}-${p.id}`}>
                    {officeDate(p.at, staff.locale)} · {kind(p.kind)} · {p.state}{' '}
                    {p.officePath ? (
                      <Link href={p.officePath} className="text-brand-700 underline">
                        {t('open')}
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </OfficeShell>
  );
}
