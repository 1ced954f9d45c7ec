'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { LeadChangeBody, LeadNoteBody } from '@/features/forms/server/inbox-schema';
import { LEAD_STATUSES } from '@/features/forms/server/lead-statuses';
import { Choice, choiceClass, optionsOf } from '../../_ui/choice';
import { DoneNote, Field, FormAlert, SaveButton, buttonClass } from '../../_ui/field';
import { OfficeProblem, officeFetch } from '../../_ui/office-fetch';
import { useOfficeT } from '../../_ui/t';
import { useProblemText } from '../../_ui/use-problem-text';

/** Status (with the reason when lost) and assignee of a lead. */
export function LeadWork({
  id,
  status,
  lostReason,
  assigneeId,
  team,
}: {
  id: string;
  status: string;
  lostReason: string | null;
  assigneeId: string | null;
  team: { id: string; name: string }[];
}) {
  const t = useOfficeT('Leads');
  const v = useOfficeT('Validation');
  const problemText = useProblemText();
  const router = useRouter();
  const [chosen, setChosen] = useState(status);
  const statuses = optionsOf(LEAD_STATUSES, (s) => t(`statuses.${s}`));
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
        const body = LeadChangeBody.safeParse({
          status: data.status,
          lostReason: data.status === 'lost' ? data.lostReason : undefined,
          assigneeId: data.assigneeId || null,
        });
        if (!body.success) return setAlert(problemText(undefined));
        if (data.status === 'lost' && !data.lostReason?.trim()) return setError(v('required'));
        setError(undefined);
        setAlert(undefined);
        setDone(false);
        setBusy(true);
        try {
          await officeFetch(`/leads/${id}`, { method: 'PATCH', body: body.data });
          setDone(true);
          router.refresh();
        } catch (err) {
          if (err instanceof OfficeProblem && err.status === 422) setError(v('required'));
          else setAlert(problemText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormAlert message={alert} />
      <Choice label={t('status')} name="status" value={chosen} onChange={(e) => setChosen(e.target.value)} options={statuses} />
      {chosen === 'lost' ? (
        <Field label={t('lostReason')} name="lostReason" defaultValue={lostReason ?? ''} maxLength={500} required error={error} />
      ) : null}
      <Choice
        label={t('assignee')}
        name="assigneeId"
        defaultValue={assigneeId ?? ''}
        options={[{ value: '', label: t('unassigned') }, ...team.map((m) => ({ value: m.id, label: m.name }))]}
      />
      <div className="flex items-center gap-3">
        <SaveButton type="submit" busy={busy} />
        <DoneNote text={done ? t('saved') : ''} />
      </div>
    </form>
  );
}

/** A note, timestamped and signed by its author (on a lead, or on an applicant with `base="applicants"`). */
export function NoteForm({ id, base = 'leads' }: { id: string; base?: 'leads' | 'applicants' }) {
  const t = useOfficeT('Leads');
  const v = useOfficeT('Validation');
  const problemText = useProblemText();
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const body = LeadNoteBody.safeParse({ body: new FormData(form).get('body') });
        if (!body.success) return setError(v('required'));
        setError(undefined);
        setAlert(undefined);
        setBusy(true);
        try {
          await officeFetch(`/${base}/${id}/notes`, { method: 'POST', body: body.data });
          form.reset();
          router.refresh();
        } catch (err) {
          setAlert(problemText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormAlert message={alert} />
      <label className="grid gap-1 text-sm font-medium">
        {t('noteLabel')}
        <textarea name="body" rows={3} maxLength={5000} className={choiceClass} aria-invalid={!!error} />
      </label>
      <p aria-live="polite" className="min-h-5 text-sm text-red-800">
        {error}
      </p>
      <button type="submit" className={`${buttonClass} justify-self-start`} disabled={busy}>
        {t('addNote')}
      </button>
    </form>
  );
}
