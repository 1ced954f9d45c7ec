import Link from 'next/link';
import { notFound } from 'next/navigation';
import { headers } from 'next/headers';
import { viewLead } from '@/features/forms/server/inbox';
import { clientIp } from '@/server/api/client-ip';
import { database } from '@/server/db';
import { officeIntlLocale } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { listStaff } from '@/server/office/staff-members';
import { isPlausibleId } from '@/lib/ids';
import { consentNoticeText } from '@/features/forms/server/submissions';
import { callTimeParts } from '@/features/leads/call-time';
import { DetailRows, detailSection } from '../../_ui/detail-rows';
import { officeDate } from '../../_ui/format';
import { OfficeShell } from '../../_ui/office-shell';
import { LeadWork, NoteForm } from '../_ui/lead-work';

export const metadata = { title: 'Lead' };

/** A lead: what was sent, its context and consent, the work on it, its mails and the person's other records. */
export default async function LeadPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/leads/[id]');
  const { id } = await params;
  const db = (await database()).db;
  // Every look at a person's details is in the audit log.
  const detail = isPlausibleId(id) ? await viewLead(db, id, { actor: staff.id, ip: clientIp(await headers()) }) : undefined;
  if (!detail) notFound();
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

  return (
    <OfficeShell staff={staff} current="/office/leads" title={`${String(form.name ?? lead.email ?? id)} · ${kind(lead.type)}`}>
      <Link href="/office/leads" className="text-sm text-brand-700 underline">
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
                  // The visitor's time zone is said with the call time.
                  .filter(([k, v]) => v !== undefined && v !== null && v !== '' && k !== 'timeZone')
                  .map(([k, v]): [string, string] => [
                    t.has(`fieldNames.${k}` as never) ? t(`fieldNames.${k}` as never) : k,
                    k === 'callAt' && typeof v === 'string'
                      ? callTime(v)
                      : k === 'kind' && typeof v === 'string'
                        ? kind(v)
                        : typeof v === 'string'
                          ? v
                          : JSON.stringify(v),
                  ]),
              ]}
            />
            {typeof form.callAt === 'string' && form.callAt ? (
              <a
                href={`/rest/office/leads/${id}/call.ics`}
                className="justify-self-start text-sm font-medium text-brand-700 underline"
                download
              >
                {t('callInvitation')}
              </a>
            ) : null}
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
                  t('utm'),
                  Object.entries(lead.utm)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(', '),
                ],
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
          <section className={detailSection} aria-labelledby="mails">
            <h2 id="mails" className="text-lg font-semibold">
              {t('mails')}
            </h2>
            {mails.length + webhook.length === 0 ? (
              <p className="text-sm text-muted">{t('noMails')}</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {[...mails, ...webhook].map((m, i) => (
                  <li key={i}>
                    {officeDate(m.at, staff.locale)} · {m.what}
                    {m.to ? ` → ${m.to}` : ''} · {m.state}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="grid content-start gap-6">
          <section className={detailSection} aria-labelledby="work">
            <h2 id="work" className="text-lg font-semibold">
              {t('work')}
            </h2>
            <LeadWork id={id} status={lead.status} lostReason={lead.lostReason} assigneeId={lead.assigneeId} team={team} />
          </section>
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
            <NoteForm id={id} />
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
