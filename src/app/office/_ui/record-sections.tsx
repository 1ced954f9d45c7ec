import Link from 'next/link';
import type { ReactNode } from 'react';
import type { PersonRecord } from '@/server/features';
import { officeT } from '@/server/office/office-t';
import { DetailSection } from './detail-rows';
import { officeDate } from './format';

/** A mail (or a CRM delivery) sent about a record. */
interface Sent {
  at: string;
  what: string;
  to?: string;
  state: string;
}

/** The mails the worker sent about a record, oldest first, under the page's own words for them. */
export function SentMails({ mails, locale, title, empty }: { mails: Sent[]; locale: string; title: string; empty: string }) {
  return (
    <DetailSection id="mails" title={title}>
      {mails.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {mails.map((m, i) => (
            <li key={i}>
              {officeDate(m.at, locale)} · {m.what}
              {m.to ? ` → ${m.to}` : ''} · {m.state}
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

/**
 * The person's other records, each linked to its page in the office where it has one. A lead's
 * page names them in its own words (`words`, `kind`); the others in the orders' words.
 */
export function PersonRecords({
  records,
  locale,
  words,
  kind,
}: {
  records: PersonRecord[];
  locale: string;
  words?: { title: string; empty: string };
  kind?: (kind: string) => string;
}) {
  const t = officeT(locale, 'Orders');
  const l = officeT(locale, 'Leads');
  const kindOf = kind ?? ((k: string) => (l.has(`kinds.${k}` as never) ? l(`kinds.${k}` as never) : k));
  return (
    <DetailSection id="person" title={words?.title ?? t('person')}>
      {records.length === 0 ? (
        <p className="text-sm text-muted">{words?.empty ?? t('nothing')}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {records.map((p) => (
            <li key={`${p.kind}-${p.id}`}>
              {officeDate(p.at, locale)} · {kindOf(p.kind)} · {p.state}{' '}
              {p.officePath ? (
                <Link href={p.officePath} className="text-brand-700 underline">
                  {l('open')}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

/** The members' notes on a record, oldest first, each signed and dated, and the form that adds one. */
export function NotesSection({
  t,
  notes,
  names,
  locale,
  children,
}: {
  /** The words of the record's namespace. */
  t: ((key: 'notes' | 'noNotes') => string) & ((key: 'noteBy', values: { name: string; at: string }) => string);
  notes: { id: string; body: string; authorId: string; createdAt: Date }[];
  /** Members' names by id. */
  names: Map<string, string>;
  locale: string;
  /** The note form. */
  children: ReactNode;
}) {
  return (
    <DetailSection id="notes" title={t('notes')}>
      {notes.length === 0 ? (
        <p className="text-sm text-muted">{t('noNotes')}</p>
      ) : (
        <ol className="grid gap-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md bg-gray-50 p-3 text-sm">
              <p className="whitespace-pre-wrap">{note.body}</p>
              <p className="mt-1 text-xs text-muted">
                {t('noteBy', { name: names.get(note.authorId) ?? '—', at: officeDate(note.createdAt, locale) })}
              </p>
            </li>
          ))}
        </ol>
      )}
      {children}
    </DetailSection>
  );
}
