import Link from 'next/link';
import { consentNoticeText } from '@/features/forms/server/submissions';
import { choiceWord } from '@/features/forms/server/lead-words';
import { money } from '@/features/courses/server/orders-service';
import { registrationStateOf, viewRegistration } from '@/features/courses/server/office-orders';
import { officeT } from '@/server/office/office-t';
import { officePage } from '@/server/office/pages';
import { DetailRows, DetailSection } from '../../_ui/detail-rows';
import { officeDate } from '../../_ui/format';
import { viewedRecord } from '../../_ui/viewed-record';
import { RecordPage } from '../../_ui/record-page';
import { PersonRecords } from '../../_ui/record-sections';
import { ConfirmRequest } from '../../_ui/confirm-request';

export const metadata = { title: 'Registration' };

/** A registration: what was sent, its consent, where its seat stands, its orders; release its seat. */
export default async function RegistrationPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await officePage('/office/registrations/[id]');
  const { detail } = await viewedRecord(params, staff, viewRegistration);
  const t = officeT(staff.locale, 'Orders');
  const { registration: r, course, orders, person } = detail;
  const live = orders.find((o) => o.status !== 'cancelled' && o.status !== 'expired');
  const state = registrationStateOf({ ...r, order: live?.status ?? null });

  const title = `${r.name} · ${course.title}`;
  const side = (
    <>
      {state === 'holding' ? (
        // The registrant withdrew: the seat goes back.
        <DetailSection id="actions" title={t('actions')}>
          <ConfirmRequest danger label={t('release')} question={t('releaseQuestion')} path={`/registrations/${r.id}/release`} />
        </DetailSection>
      ) : null}
      <PersonRecords records={person} locale={staff.locale} />
    </>
  );
  return (
    <RecordPage staff={staff} current="/office/registrations" title={title} back={t('backToRegistrations')} side={side}>
      <DetailSection id="details" title={t('details')}>
        <DetailRows
          rows={[
            [t('state'), t(`states.${state}`)],
            [t('course'), course.title, `/office/courses/${encodeURIComponent(course.id)}`],
            [t('name'), r.name],
            [t('email'), r.email],
            [t('phone'), r.phone],
            [t('experience'), choiceWord('experience', r.experience, staff.locale) ?? r.experience],
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
      </DetailSection>
      <DetailSection id="orders" title={t('ordersOf')}>
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
      </DetailSection>
    </RecordPage>
  );
}
