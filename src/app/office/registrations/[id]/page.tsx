import Link from 'next/link';
import { notFound } from 'next/navigation';
import { headers } from 'next/headers';
import { isPlausibleId } from '@/lib/ids';
import { consentNoticeText } from '@/features/forms/server/submissions';
import { clientIp } from '@/server/api/client-ip';
import { database } from '@/server/db';
import { money } from '@/features/courses/server/orders-service';
import { registrationStateOf, viewRegistration } from '@/features/courses/server/office-orders';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { DetailRows, detailSection } from '../../_ui/detail-rows';
import { officeDate } from '../../_ui/format';
import { OfficeShell } from '../../_ui/office-shell';
import { PersonRecords } from '../../_ui/record-sections';
import { ConfirmRequest } from '../../_ui/confirm-request';

export const metadata = { title: 'Registration' };

/** A registration: what was sent, its consent, where its seat stands, its orders; release its seat. */
export default async function RegistrationPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/registrations/[id]');
  const { id } = await params;
  const db = (await database()).db;
  // Every look at a person's details is in the audit log.
  const detail = isPlausibleId(id) ? await viewRegistration(db, id, { actor: staff.id, ip: clientIp(await headers()) }) : undefined;
  if (!detail) notFound();
  const t = officeT(staff.locale, 'Orders');
  const { registration: r, course, orders, person } = detail;
  const live = orders.find((o) => o.status !== 'cancelled' && o.status !== 'expired');
  const state = registrationStateOf({ ...r, order: live?.status ?? null });

  return (
    <OfficeShell staff={staff} current="/office/registrations" title={`${r.name} · ${course.title}`}>
      <Link href="/office/registrations" className="text-sm text-brand-700 underline">
        ← {t('backToRegistrations')}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          <section className={detailSection} aria-labelledby="details">
            <h2 id="details" className="text-lg font-semibold">
              {t('details')}
            </h2>
            <DetailRows
              rows={[
                [t('state'), t(`states.${state}`)],
                [t('course'), `${course.title} (${course.id})`],
                [t('name'), r.name],
                [t('email'), r.email],
                [t('phone'), r.phone],
                [t('experience'), r.experience],
                [t('motivation'), r.motivation],
                [t('language'), r.locale.toUpperCase()],
                [t('received'), officeDate(r.createdAt, staff.locale)],
                [t('holdUntil'), r.holdUntil && !r.releasedAt ? officeDate(r.holdUntil, staff.locale) : ''],
                [t('releasedAt'), r.releasedAt ? officeDate(r.releasedAt, staff.locale) : ''],
                [t('page'), r.page],
                [
                  t('consent'),
                  r.consent
                    ? t('consentLine', {
                        notice: consentNoticeText(r.consent),
                        locale: r.consent.locale.toUpperCase(),
                        at: officeDate(r.consent.at, staff.locale),
                      })
                    : '',
                ],
              ]}
            />
          </section>
          <section className={detailSection} aria-labelledby="orders">
            <h2 id="orders" className="text-lg font-semibold">
              {t('ordersOf')}
            </h2>
            {orders.length === 0 ? (
              <p className="text-sm text-muted">{t('noOrdersOf')}</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {orders.map((o) => (
                  <li key={o.id}>
                    <Link href={`/office/orders/${o.id}`} className="font-mono text-brand-700 underline">
                      {o.reference}
                    </Link>{' '}
                    · {t(`statuses.${o.status as 'paid'}`)} · {money(o.amountCents, o.currency, staff.locale)} ·{' '}
                    {officeDate(o.createdAt, staff.locale)}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="grid content-start gap-6">
          {state === 'holding' ? (
            // The registrant withdrew: the seat goes back.
            <section className={detailSection} aria-labelledby="actions">
              <h2 id="actions" className="text-lg font-semibold">
                {t('actions')}
              </h2>
              <ConfirmRequest danger label={t('release')} question={t('releaseQuestion')} path={`/registrations/${r.id}/release`} />
            </section>
          ) : null}
          <PersonRecords records={person} locale={staff.locale} />
        </div>
      </div>
    </OfficeShell>
  );
}
