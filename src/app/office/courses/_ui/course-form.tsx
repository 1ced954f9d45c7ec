'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { ConfirmAction } from '../../_ui/confirm-action';
import { buttonClass, Field, FormAlert } from '../../_ui/field';
import { officeFetch } from '../../_ui/office-fetch';
import { useOfficeT } from '../../_ui/t';
import { useFieldErrors, useProblemText } from '../../_ui/use-problem-text';

const LOCALES = ['en', 'es', 'fr', 'de', 'it'] as const;
const CHOICES = {
  locale: LOCALES,
  modality: ['online', 'onsite', 'hybrid'],
  currency: ['eur', 'usd', 'gbp', 'chf'],
} as const;
// The form's fields in the order a course is described; the server checks them with CourseInput.
const FIELDS = [
  'locale',
  'title',
  'subtitle',
  'modality',
  'location',
  'price',
  'currency',
  'discount_percent',
  'promo',
  'start_date',
  'end_date',
  'timetable',
  'time_zone',
  'spots',
  'application_deadline',
  'external_form_url',
] as const;
const DATES = new Set(['start_date', 'end_date', 'application_deadline']);
type Translation = { title?: string; subtitle?: string; timetable?: string };
export type CourseFormValues = Record<(typeof FIELDS)[number] | 'id' | 'description_html', string> & {
  translations: Partial<Record<(typeof LOCALES)[number], Translation>>;
};

const empty: CourseFormValues = {
  id: '',
  locale: 'es',
  title: '',
  subtitle: '',
  modality: 'online',
  location: 'Online',
  price: '',
  currency: 'eur',
  discount_percent: '0',
  promo: '',
  start_date: '',
  end_date: '',
  timetable: '',
  time_zone: 'Europe/Madrid',
  spots: '20',
  application_deadline: '',
  external_form_url: '',
  description_html: '',
  translations: {},
};

const inputClass = 'w-full rounded-md border bg-white px-3 py-2';

/** A course's form: every field of the catalogue, a live preview of the description, publish and unpublish. */
export function CourseForm({ initial, published, canEdit }: { initial?: CourseFormValues; published?: boolean; canEdit: boolean }) {
  const t = useOfficeT('Courses');
  const problemText = useProblemText();
  const fieldErrors = useFieldErrors();
  const router = useRouter();
  const id = initial?.id;
  const [values, setValues] = useState<CourseFormValues>(() => ({ ...empty, ...initial }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [preview, setPreview] = useState('');

  // The description as it will be stored, refreshed a moment after typing stops.
  useEffect(() => {
    if (!canEdit) return;
    const timer = setTimeout(() => {
      officeFetch<{ html: string }>('/courses/description-preview', { method: 'POST', body: { html: values.description_html } })
        .then((r) => setPreview(r.html))
        .catch(() => {});
    }, 400);
    return () => clearTimeout(timer);
  }, [values.description_html, canEdit]);

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
        await officeFetch(`/courses/${id}`, { method: 'PUT', body: values });
        setMessage(t('saved'));
        router.refresh();
      } else {
        const created = await officeFetch<{ id: string }>('/courses', { method: 'POST', body: values });
        router.push(`/office/courses/${created.id}`);
      }
    });
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const setTranslation = (locale: (typeof LOCALES)[number], name: keyof Translation, value: string) =>
    setValues((v) => ({ ...v, translations: { ...v.translations, [locale]: { ...v.translations[locale], [name]: value } } }));

  const field = (name: (typeof FIELDS)[number] | 'id') => {
    const choices = (CHOICES as Record<string, readonly string[] | undefined>)[name];
    const label = t(`fields.${name}`);
    if (choices) {
      return (
        <label key={name} className="grid content-start gap-1 text-sm font-medium">
          {label}
          <select
            disabled={!canEdit}
            className={`${inputClass} text-base font-normal ${errors[name] ? 'border-red-700' : 'border-gray-300'}`}
            value={values[name]}
            onChange={(e) => set(name, e.target.value)}
          >
            {choices.map((c) => (
              <option key={c} value={c}>
                {name === 'locale' ? t(`languages.${c as 'en'}`) : name === 'modality' ? t(`modalities.${c as 'online'}`) : c.toUpperCase()}
              </option>
            ))}
          </select>
          <span aria-live="polite" className="min-h-5 font-normal text-red-800">
            {errors[name]}
          </span>
        </label>
      );
    }
    return (
      <Field
        key={name}
        label={label}
        error={errors[name]}
        type={DATES.has(name) ? 'date' : 'text'}
        inputMode={name === 'price' || name === 'spots' || name === 'discount_percent' ? 'decimal' : undefined}
        readOnly={!canEdit}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
      />
    );
  };

  return (
    <form
      className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (canEdit) void save();
      }}
    >
      {published !== undefined ? <p className="font-medium">{published ? t('published') : t('unpublished')}</p> : null}
      {!canEdit ? <p className="text-sm text-muted">{t('readOnly')}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {id ? null : field('id')}
        {FIELDS.map(field)}
      </div>
      <details className="rounded-md border border-gray-200 p-3">
        <summary className="cursor-pointer text-sm font-medium">{t('translations')}</summary>
        <div className="mt-3 grid gap-4">
          {LOCALES.filter((l) => l !== values.locale).map((locale) => (
            <fieldset key={locale} className="grid gap-3 sm:grid-cols-3">
              <legend className="mb-1 text-sm font-semibold">{t('translationIn', { language: t(`languages.${locale}`) })}</legend>
              {(['title', 'subtitle', 'timetable'] as const).map((name) => (
                <Field
                  key={name}
                  label={`${t(`fields.${name}`)} (${locale.toUpperCase()})`}
                  error={errors[`translations.${locale}.${name}`]}
                  readOnly={!canEdit}
                  value={values.translations[locale]?.[name] ?? ''}
                  onChange={(e) => setTranslation(locale, name, e.target.value)}
                />
              ))}
            </fieldset>
          ))}
        </div>
      </details>
      <label className="grid gap-1 text-sm font-medium">
        {t('fields.description_html')}
        <span className="text-xs font-normal text-muted">{t('descriptionHint')}</span>
        <textarea
          rows={10}
          readOnly={!canEdit}
          className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 font-mono text-sm"
          value={values.description_html}
          onChange={(e) => set('description_html', e.target.value)}
        />
      </label>
      {canEdit ? (
        <section aria-label={t('preview')} className="rounded-md border border-dashed border-gray-300 p-3">
          <h2 className="mb-2 text-sm font-semibold text-muted">{t('preview')}</h2>
          {/* Sanitized by the server with the rules used when the course is stored. */}
          <div
            className="text-gray-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-2 [&_ul]:mt-2"
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </section>
      ) : null}
      <FormAlert message={error} />
      {message ? <p role="status">{message}</p> : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass}>
            {id ? t('save') : t('create')}
          </button>
          {id && published === false ? (
            <ConfirmAction
              label={t('publish')}
              question={t('publishQuestion')}
              onConfirm={() => act(async () => void (await officeFetch(`/courses/${id}/publish`, { method: 'POST' }), router.refresh()))}
            />
          ) : null}
          {id && published ? (
            <ConfirmAction
              danger
              label={t('unpublish')}
              question={t('unpublishQuestion')}
              onConfirm={() => act(async () => void (await officeFetch(`/courses/${id}/unpublish`, { method: 'POST' }), router.refresh()))}
            />
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
