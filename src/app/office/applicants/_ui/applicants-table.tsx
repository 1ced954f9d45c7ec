'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ConfirmAction } from '../../_ui/confirm-action';
import { DoneNote, FormAlert } from '../../_ui/field';
import { OfficeTable } from '../../_ui/office-table';
import { officeFetch } from '../../_ui/office-fetch';
import { useOfficeT } from '../../_ui/t';
import { useProblemText } from '../../_ui/use-problem-text';
import { MailCandidate } from './applicant-work';

interface Row {
  id: string;
  received: string;
  name: string;
  email: string;
  kind: string;
  target: string;
  status: string;
  locale: string;
}

/** The list, with a box per applicant to reject several at once (each mailed once, if asked). */
export function ApplicantsTable({ rows }: { rows: Row[] }) {
  const t = useOfficeT('Applicants');
  const problemText = useProblemText();
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [mail, setMail] = useState(true);
  const [note, setNote] = useState('');
  const [alert, setAlert] = useState<string>();
  const [done, setDone] = useState<string>();
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const label = (group: 'kinds' | 'statuses', key: string) => (t.has(`${group}.${key}` as never) ? t(`${group}.${key}` as never) : key);

  return (
    <>
      <OfficeTable
        rows={rows}
        rowClassName="hover:bg-brand-50"
        columns={[
          {
            head: (
              <input
                type="checkbox"
                aria-label={t('selectAll')}
                checked={selected.size === rows.length}
                onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
              />
            ),
            cell: (row) => (
              <input
                type="checkbox"
                aria-label={t('select', { name: row.name })}
                checked={selected.has(row.id)}
                onChange={(e) => toggle(row.id, e.target.checked)}
              />
            ),
          },
          { head: t('received'), cell: (row) => row.received, className: 'whitespace-nowrap' },
          {
            head: t('name'),
            cell: (row) => (
              <>
                <Link href={`/office/applicants/${row.id}`} className="font-medium text-brand-700 underline">
                  {row.name}
                </Link>
                <div className="text-xs text-muted">{row.email}</div>
              </>
            ),
          },
          { head: t('target'), cell: (row) => (row.kind === 'cv' ? t('onSpec') : row.target) },
          { head: t('status'), cell: (row) => label('statuses', row.status) },
          { head: t('language'), cell: (row) => row.locale, className: 'uppercase' },
        ]}
      />
      <section className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-label={t('rejectSelected')}>
        <FormAlert message={alert} />
        <p className="text-sm font-medium">{t('selected', { count: selected.size })}</p>
        <MailCandidate mail={mail} onMail={setMail} note={note} onNote={setNote} rows={2} />
        <div>
          <ConfirmAction
            label={t('rejectSelected')}
            question={t('rejectQuestion', { count: selected.size, mail: String(mail) })}
            danger
            disabled={selected.size === 0}
            onConfirm={async () => {
              setAlert(undefined);
              setDone(undefined);
              try {
                const answer = await officeFetch<{ rejected: string[] }>('/applicants/reject', {
                  method: 'POST',
                  body: { ids: [...selected], mail, note: mail && note.trim() ? note.trim() : undefined },
                });
                setDone(t('rejected', { count: answer.rejected.length }));
                setSelected(new Set());
                router.refresh();
              } catch (err) {
                setAlert(problemText(err));
              }
            }}
          />
        </div>
        <DoneNote text={done} />
      </section>
    </>
  );
}
