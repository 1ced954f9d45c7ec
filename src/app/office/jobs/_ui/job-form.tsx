'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmAction } from '../../_ui/confirm-action';
import { buttonClass, Field, FormAlert } from '../../_ui/field';
import { officeFetch } from '../../_ui/office-fetch';
import { useDescriptionPreview } from '../../_ui/use-description-preview';
import { useOfficeT } from '../../_ui/t';
import { useFieldErrors, useProblemText } from '../../_ui/use-problem-text';

// The fields of the import format (docs/jobs-import.md), in its order; the server checks them with the import's schema.
const FIELDS = [
  'external_id',
  'position',
  'company',
  'dashboards',
  'industry',
  'remote_allowance',
  'candidate_locations',
  'contract_type',
  'work_schedule',
  'salary_min',
  'salary_max',
  'salary_currency',
  'salary_period',
  'client_location',
  'tags',
  'short_description',
  'apply_url',
  'valid_through',
  'posted_at',
] as const;
const LISTS = new Set(['dashboards', 'candidate_locations', 'tags']);
type Values = Record<string, string | string[]>;

const text = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join('|') : (v ?? ''));

export function JobForm({ id, status, initial }: { id?: string; status?: 'live' | 'closed' | 'expired'; initial?: Values }) {
  const t = useOfficeT('Jobs');
  const problemText = useProblemText();
  const fieldErrors = useFieldErrors();
  const router = useRouter();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries([...FIELDS, 'description_html'].map((f) => [f, text(initial?.[f])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  const preview = useDescriptionPreview(values.description_html ?? '');

  async function act(run: () => Promise<void>) {
    setError('');
    setMessage('');
    try {
      await run();
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(problemText(err));
    }
  }

  const save = () =>
    act(async () => {
      setErrors({});
      if (id) {
        await officeFetch(`/jobs/${id}`, { method: 'PUT', body: values });
        setMessage(t('saved'));
        router.refresh();
      } else {
        const created = await officeFetch<{ id: string }>('/jobs', { method: 'POST', body: values });
        router.push(`/office/jobs/${created.id}`);
      }
    });

  return (
    <form
      className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {status ? <p className="font-medium">{t(`statuses.${status}`)}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <Field
            key={f}
            label={t(`fields.${f}`)}
            hint={[LISTS.has(f) ? t('listHint') : '', t('fieldKey', { key: f })].filter(Boolean).join(' · ')}
            error={errors[f]}
            type={f === 'valid_through' || f === 'posted_at' ? 'date' : 'text'}
            value={values[f] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
          />
        ))}
      </div>
      <label className="grid gap-1 text-sm font-medium">
        description_html
        <span className="text-xs font-normal text-muted">{t('descriptionHint')}</span>
        <textarea
          rows={10}
          className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 font-mono text-sm"
          value={values.description_html ?? ''}
          onChange={(e) => setValues((v) => ({ ...v, description_html: e.target.value }))}
        />
      </label>
      <section aria-label={t('preview')} className="rounded-md border border-dashed border-gray-300 p-3">
        <h2 className="mb-2 text-sm font-semibold text-muted">{t('preview')}</h2>
        {/* Sanitized by the server with the rules used when the job is stored. */}
        <div className="prose max-w-none" dangerouslySetInnerHTML={{ __html: preview }} />
      </section>
      <FormAlert message={error} />
      {message ? <p role="status">{message}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass}>
          {t('save')}
        </button>
        {id && status === 'live' ? (
          <ConfirmAction
            danger
            label={t('close')}
            question={t('closeQuestion')}
            onConfirm={() => act(async () => void (await officeFetch(`/jobs/${id}/close`, { method: 'POST', body: {} }), router.refresh()))}
          />
        ) : null}
        {id && status !== 'live' ? (
          <ConfirmAction
            label={t('reopen')}
            question={t('reopenQuestion')}
            onConfirm={() =>
              act(async () => void (await officeFetch(`/jobs/${id}/reopen`, { method: 'POST', body: {} }), router.refresh()))
            }
          />
        ) : null}
        {id ? (
          <ConfirmAction
            label={t('duplicate')}
            question={t('duplicateQuestion')}
            onConfirm={() =>
              act(async () => {
                const copy = await officeFetch<{ id: string }>(`/jobs/${id}/duplicate`, { method: 'POST', body: {} });
                router.push(`/office/jobs/${copy.id}`);
              })
            }
          />
        ) : null}
      </div>
    </form>
  );
}
