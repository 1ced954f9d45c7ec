'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { PositionInput } from '@/features/applications/schema';
import { Choice, LANGUAGE_OPTIONS } from '../_ui/choice';
import { Field, FormAlert, buttonClass, secondaryButtonClass } from '../_ui/field';
import { OfficeProblem, officeFetch } from '../_ui/office-fetch';
import { useOfficeT } from '../_ui/t';
import { useProblemText } from '../_ui/use-problem-text';

interface PositionValues {
  id: string;
  role: string;
  locale: string;
  location: string;
  description: string;
}

const input = 'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm';

/** Opens a new role or saves one (the same schema as the API); /careers shows it on the next request. */
export function PositionForm({ position }: { position?: PositionValues }) {
  const t = useOfficeT('Positions');
  const c = useOfficeT('Common');
  const v = useOfficeT('Validation');
  const problemText = useProblemText();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [saved, setSaved] = useState(false);
  if (!open) {
    return (
      <button type="button" className={position ? secondaryButtonClass : buttonClass} onClick={() => setOpen(true)}>
        {position ? t('edit') : t('new')}
      </button>
    );
  }
  return (
    <form
      noValidate
      className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4"
      onSubmit={async (e) => {
        e.preventDefault();
        const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
        const parsed = PositionInput.safeParse({ ...data, id: position?.id ?? data.id });
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), v('required')])));
          return;
        }
        setErrors({});
        setAlert(undefined);
        try {
          if (position) {
            const { role, locale, location, description } = parsed.data;
            await officeFetch(`/positions/${position.id}`, { method: 'PUT', body: { role, locale, location, description } });
          } else await officeFetch('/positions', { method: 'POST', body: parsed.data });
          setSaved(true);
          setOpen(false);
          router.refresh();
        } catch (err) {
          if (err instanceof OfficeProblem && err.status === 409) setErrors({ id: err.message });
          else setAlert(problemText(err));
        }
      }}
    >
      <FormAlert message={alert} />
      {position ? null : <Field label={t('id')} name="id" required pattern="[a-z0-9-]+" error={errors.id} />}
      <Field label={t('role')} name="role" defaultValue={position?.role} required error={errors.role} />
      <Choice label={t('language')} name="locale" defaultValue={position?.locale ?? 'en'} options={LANGUAGE_OPTIONS} />
      <Field label={t('location')} name="location" defaultValue={position?.location} error={errors.location} />
      <label className="grid gap-1 text-sm font-medium">
        {t('description')}
        <textarea
          name="description"
          rows={8}
          defaultValue={position?.description}
          className={`${input} font-mono`}
          aria-invalid={!!errors.description}
        />
      </label>
      <p aria-live="polite" className="min-h-5 text-sm text-red-800">
        {errors.description}
      </p>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass}>
          {t('save')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => setOpen(false)}>
          {c('cancel')}
        </button>
      </div>
      {saved ? <p role="status">{t('saved')}</p> : null}
    </form>
  );
}
