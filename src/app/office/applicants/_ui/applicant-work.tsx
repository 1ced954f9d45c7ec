'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { APPLICANT_STATUSES, isMailedStatus } from '@/features/applications/server/applicants-schema';
import { Choice, choiceClass, optionsOf } from '../../_ui/choice';
import { ConfirmAction } from '../../_ui/confirm-action';
import { DoneNote, FormAlert, SaveButton, secondaryButtonClass } from '../../_ui/field';
import { officeFetch } from '../../_ui/office-fetch';
import { useOfficeT } from '../../_ui/t';
import { useProblemText } from '../../_ui/use-problem-text';

/**
 * The applicant's status; a move to rejected, interview or offer may mail them, and a kept hire
 * moved off hired is no longer kept (retention may then delete the record): both after a confirmation.
 */
export function ApplicantWork({ id, status, kept = false }: { id: string; status: string; kept?: boolean }) {
  const t = useOfficeT('Applicants');
  const c = useOfficeT('Common');
  const problemText = useProblemText();
  const router = useRouter();
  const [chosen, setChosen] = useState(status);
  const statuses = optionsOf(APPLICANT_STATUSES, (s) => t(`statuses.${s}`));
  const [mail, setMail] = useState(false);
  const [note, setNote] = useState('');
  const [alert, setAlert] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const mailing = mail && isMailedStatus(chosen);
  const unkeeping = kept && chosen !== 'hired';
  const save = async () => {
    setAlert(undefined);
    setDone(false);
    setBusy(true);
    try {
      await officeFetch(`/applicants/${id}`, {
        method: 'PATCH',
        body: { status: chosen, mail: mailing, note: mailing && note.trim() ? note.trim() : undefined },
      });
      setDone(true);
      setNote('');
      router.refresh();
    } catch (err) {
      setAlert(problemText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-3">
      <FormAlert message={alert} />
      <Choice label={t('status')} name="status" value={chosen} onChange={(e) => setChosen(e.target.value)} options={statuses} />
      {isMailedStatus(chosen) ? <MailCandidate mail={mail} onMail={setMail} note={note} onNote={setNote} rows={3} /> : null}
      <div className="flex items-center gap-3">
        {mailing || unkeeping ? (
          <ConfirmAction
            label={c('save')}
            question={[
              ...(mailing ? [t('changeQuestion', { status: t(`statuses.${chosen}` as never) })] : []),
              ...(unkeeping ? [t('unkeepOnMove')] : []),
            ].join(' ')}
            danger={chosen === 'rejected' || unkeeping}
            disabled={busy || chosen === status}
            onConfirm={save}
          />
        ) : (
          <SaveButton type="button" busy={busy} disabled={chosen === status} onClick={save} />
        )}
        <DoneNote text={done ? t('saved') : ''} />
      </div>
    </div>
  );
}

/**
 * Opens the CV in a new tab through a link made for this member and valid for five minutes (the
 * tab is opened on the press itself, so no pop-up blocker stops it).
 */
export function OpenCv({ id }: { id: string }) {
  const t = useOfficeT('Applicants');
  const problemText = useProblemText();
  const [alert, setAlert] = useState<string>();
  return (
    <div className="grid gap-2">
      <FormAlert message={alert} />
      <button
        type="button"
        className={`${secondaryButtonClass} justify-self-start`}
        onClick={async () => {
          setAlert(undefined);
          const tab = window.open('about:blank', '_blank');
          try {
            const { url } = await officeFetch<{ url: string }>(`/applicants/${id}/cv-link`, { method: 'POST', body: {} });
            if (tab) {
              tab.opener = null;
              tab.location.href = url;
            } else window.location.assign(url);
          } catch (err) {
            tab?.close();
            setAlert(problemText(err));
          }
        }}
      >
        {t('openCv')}
      </button>
    </div>
  );
}

/** Whether the candidate is mailed (in their language) about a move, and the personal line the mail may hold. */
export function MailCandidate({
  mail,
  onMail,
  note,
  onNote,
  rows,
}: {
  mail: boolean;
  onMail: (mail: boolean) => void;
  note: string;
  onNote: (note: string) => void;
  rows: number;
}) {
  const t = useOfficeT('Applicants');
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={mail} onChange={(e) => onMail(e.target.checked)} />
        {t('mailCandidate')}
      </label>
      {mail ? (
        <label className="grid gap-1 text-sm font-medium">
          {t('mailNote')}
          <textarea rows={rows} maxLength={2000} value={note} onChange={(e) => onNote(e.target.value)} className={choiceClass} />
        </label>
      ) : null}
    </>
  );
}
