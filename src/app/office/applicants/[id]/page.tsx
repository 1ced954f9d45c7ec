import { viewApplicant } from '@/features/applications/server/applicants';
import { applicantFieldRows } from '@/features/applications/server/applicant-fields';
import { env } from '@/server/env';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { listStaff } from '@/server/office/staff-members';
import { DetailSection } from '../../_ui/detail-rows';
import { officeDate } from '../../_ui/format';
import { viewedRecord } from '../../_ui/viewed-record';
import { LeadContext, LeadFields } from '../../_ui/lead-record';
import { RecordPage } from '../../_ui/record-page';
import { NotesSection, PersonRecords, SentMails } from '../../_ui/record-sections';
import { NoteForm } from '../../leads/_ui/lead-work';
import { ConfirmRequest } from '../../_ui/confirm-request';
import { ApplicantWork, OpenCv } from '../_ui/applicant-work';

export const metadata = { title: 'Applicant' };

/** An applicant: what they sent, consent, their CV, where they are (and, once hired, keeping the record), notes, mails and their other records. */
export default async function ApplicantPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/applicants/[id]');
  const { id, db, detail } = await viewedRecord(params, staff, viewApplicant);
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

  const title = `${String(form.name ?? lead.email ?? id)} · ${kind(lead.type)}`;
  const side = (
    <>
      <DetailSection id="work" title={t('work')}>
        <ApplicantWork id={id} status={lead.status} kept={!!lead.keptAt} />
      </DetailSection>
      {lead.status === 'hired' || lead.keptAt ? (
        <DetailSection id="keep" title={t('keepTitle')}>
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
        </DetailSection>
      ) : null}
      <NotesSection t={t} notes={notes} names={names} locale={staff.locale}>
        <NoteForm id={id} base="applicants" />
      </NotesSection>
      <PersonRecords records={person} locale={staff.locale} words={{ title: t('person'), empty: t('noPerson') }} kind={kind} />
    </>
  );

  return (
    <RecordPage staff={staff} current="/office/applicants" title={title} back={t('back')} side={side}>
      <LeadFields t={t} locale={staff.locale} lead={lead} rows={applicantFieldRows(lead.type, form, staff.locale)} />
      <DetailSection id="cv" title={t('cv')}>
        {cv ? (
          <>
            <p className="text-sm">{t('cvLine', { filename: cv.filename, type: cv.contentType })}</p>
            <OpenCv id={id} />
          </>
        ) : (
          <p className="text-sm text-muted">{t('noCv')}</p>
        )}
      </DetailSection>
      <LeadContext t={t} locale={staff.locale} lead={lead} />
      <SentMails mails={mails} locale={staff.locale} title={t('mails')} empty={t('noMails')} />
    </RecordPage>
  );
}
