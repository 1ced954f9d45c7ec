import { viewLead } from '@/features/forms/server/inbox';
import { leadFieldRows } from '@/features/forms/server/lead-words';
import { officeIntlLocale } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { listStaff } from '@/server/office/staff-members';
import { callTimeParts } from '@/features/leads/call-time';
import { DetailSection } from '../../_ui/detail-rows';
import { LeadContext, LeadFields } from '../../_ui/lead-record';
import { RecordPage } from '../../_ui/record-page';
import { viewedRecord } from '../../_ui/viewed-record';
import { NotesSection, PersonRecords, SentMails } from '../../_ui/record-sections';
import { LeadWork, NoteForm } from '../_ui/lead-work';

export const metadata = { title: 'Lead' };

/** A lead: what was sent, its context and consent, the work on it, its mails and the person's other records. */
export default async function LeadPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/leads/[id]');
  const { id, db, detail } = await viewedRecord(params, staff, viewLead);
  const t = officeT(staff.locale, 'Leads');
  const { lead, notes, mails, webhook, person } = detail;
  const { members } = await listStaff(db);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const team = members
    .filter((m) => !m.disabled && (m.role === 'sales' || m.role === 'admin'))
    .map(({ id: memberId, name }) => ({ id: memberId, name }));
  const form = lead.form as Record<string, unknown>;
  const kind = (type: string) => (t.has(`kinds.${type}` as never) ? t(`kinds.${type}` as never) : type);
  const zone = typeof form.timeZone === 'string' ? form.timeZone : '';
  const callTime = (iso: string) => {
    const { office, visitor } = callTimeParts(iso, zone, officeIntlLocale(staff.locale));
    return [t('callAtOffice', { time: office }), visitor ? t('callAtVisitor', { time: visitor, zone }) : ''].filter(Boolean).join(' · ');
  };

  const rows = leadFieldRows(form, staff.locale, typeof form.callAt === 'string' && form.callAt ? { callAt: callTime(form.callAt) } : {});
  const title = `${String(form.name ?? lead.email ?? id)} · ${kind(lead.type)}`;
  const side = (
    <>
      <DetailSection id="work" title={t('work')}>
        <LeadWork id={id} status={lead.status} lostReason={lead.lostReason} assigneeId={lead.assigneeId} team={team} />
      </DetailSection>
      <NotesSection t={t} notes={notes} names={names} locale={staff.locale}>
        <NoteForm id={id} />
      </NotesSection>
      <PersonRecords records={person} locale={staff.locale} words={{ title: t('person'), empty: t('noPerson') }} kind={kind} />
    </>
  );

  return (
    <RecordPage staff={staff} current="/office/leads" title={title} back={t('back')} side={side}>
      {/* The visitor's time zone is said with the call time. */}
      <LeadFields t={t} locale={staff.locale} lead={lead} rows={rows}>
        {typeof form.callAt === 'string' && form.callAt ? (
          <a
            href={`/rest/office/leads/${id}/call.ics`}
            className="justify-self-start text-sm font-medium text-brand-700 underline"
            download
          >
            {t('callInvitation')}
          </a>
        ) : null}
      </LeadFields>
      <LeadContext t={t} locale={staff.locale} lead={lead} utm={t('utm')} />
      <SentMails mails={[...mails, ...webhook]} locale={staff.locale} title={t('mails')} empty={t('noMails')} />
    </RecordPage>
  );
}
