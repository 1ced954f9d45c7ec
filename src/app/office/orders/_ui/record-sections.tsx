import Link from 'next/link';
import type { PersonRecord } from '@/server/features';
import type { SentMail } from '@/server/mail/mail-log';
import { officeT } from '@/server/office/office-t';
import { detailSection } from '../../_ui/detail-rows';
import { officeDate } from '../../_ui/format';

/** The mails the worker sent about a record, oldest first. */
export function SentMails({ mails, locale }: { mails: SentMail[]; locale: string }) {
  const t = officeT(locale, 'Orders');
  return (
    <section className={detailSection} aria-labelledby="mails">
      <h2 id="mails" className="text-lg font-semibold">
        {t('mails')}
      </h2>
      {mails.length === 0 ? (
        <p className="text-sm text-muted">{t('noMails')}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {mails.map((m, i) => (
            <li key={i}>
              {officeDate(m.at, locale)} · {m.what} → {m.to} · {m.state}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The person's other records, each linked to its page in the office where it has one. */
export function PersonRecords({ records, locale }: { records: PersonRecord[]; locale: string }) {
  const t = officeT(locale, 'Orders');
  const l = officeT(locale, 'Leads');
  const kind = (k: string) => (l.has(`kinds.${k}` as never) ? l(`kinds.${k}` as never) : k);
  return (
    <section className={detailSection} aria-labelledby="person">
      <h2 id="person" className="text-lg font-semibold">
        {t('person')}
      </h2>
      {records.length === 0 ? (
        <p className="text-sm text-muted">{t('nothing')}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {records.map((p) => (
            <li key={`${p.kind}-${p.id}`}>
              {officeDate(p.at, locale)} · {kind(p.kind)} · {p.state}{' '}
              {p.officePath ? (
                <Link href={p.officePath} className="text-brand-700 underline">
                  {l('open')}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
