'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { ApiError, apiRequest } from '@/ui/api-client';
import { SelectField } from '@/ui/form/select-field';
import { TextField } from '@/ui/form/text-field';
import { focusFirstInvalid, useZodForm } from '@/ui/form/use-zod-form';
import { useSchemaGone } from '@/ui/form/schema-gone';
import { FormUnsendableHint, useOnline } from '@/ui/online-status';
import { toast } from '@/ui/toast/toast-store';
import { ConsentNotice, Honeypot, useFormSubmit } from '@/features/forms';
import {
  candidateLocations,
  contractTypes,
  currencies,
  industries,
  jobDashboards,
  remoteAllowances,
  salaryPeriods,
  workSchedules,
} from '@/features/jobs';
import type { PostingView } from '../schema';

// The schemas load after the page is shown (decision 020).
const newSchema = () => import('../schema').then((m) => m.JobPostForm);
const editSchema = () => import('../schema').then((m) => m.JobListing);

export interface JobPostLabels {
  post: Messages['JobPost'];
  forms: Messages['Forms'];
  jobs: Pick<Messages['Jobs'], 'dashboards' | 'filters' | 'options'>;
}

const blank = {
  company: '',
  position: '',
  dashboard: '',
  industry: '',
  remote_allowance: '',
  candidate_location: '',
  contract_type: '',
  work_schedule: '',
  salary_min: '',
  salary_max: '',
  salary_currency: 'EUR',
  salary_period: 'year',
  location: '',
  tags: '',
  description: '',
  apply: 'site',
  apply_url: '',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-x-4 gap-y-1 border-t border-gray-200 pt-5 sm:grid-cols-2">
      <legend className="mb-2 pr-2 text-lg font-semibold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The employer's job form: a new posting (with the contact, sent to POST /rest/form) or the
 * changes to one (from its private page, sent to PUT /rest/job-posts/{token}).
 */
export function JobPostForm({
  locale,
  labels,
  edit,
  onSaved,
  onConflict,
}: {
  locale: Locale;
  labels: JobPostLabels;
  /** The listing to change and its link's token; none for a new posting. */
  edit?: { token: string; listing: Record<string, unknown> };
  onSaved?: (view: PostingView) => void;
  /** The listing changed elsewhere (closed in another tab or by the office) and refuses the edit. */
  onConflict?: () => Promise<void>;
}) {
  const { post, forms, jobs } = labels;
  const initial = edit
    ? Object.fromEntries(Object.keys(blank).map((k) => [k, String(edit.listing[k] ?? blank[k as keyof typeof blank])]))
    : { contact_name: '', contact_email: '', ...blank };
  const form = useZodForm(edit ? editSchema : newSchema, initial as never);
  const posting = useFormSubmit(locale, { ...forms, successTitle: post.sentTitle, successText: '' });
  const online = useOnline();
  const schemaGone = useSchemaGone() && !form.ready;
  const [showAlert, setShowAlert] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  // The form gives way to the panel: focus goes to its heading, not to the page's top.
  useEffect(() => {
    if (sentTo) sentHeading.current?.focus();
  }, [sentTo]);
  const values = form.values as Record<string, string>;
  const message = (key?: string) => (key ? ((forms.errors as Record<string, string>)[key] ?? key) : undefined);
  const busy = posting.sending || saving;

  const text = (name: string, label: string, more: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={values[name] ?? ''}
      error={message(form.error(name))}
      onChange={(v) => form.set(name, v)}
      onBlur={() => form.touch(name)}
      {...more}
    />
  );
  // Without a placeholder a select always has a value: nothing to require.
  const select = (name: string, label: string, options: readonly { value: string; label: string }[], placeholder?: string) => (
    <SelectField
      required={placeholder !== undefined}
      label={label}
      value={values[name] ?? ''}
      options={options}
      placeholder={placeholder}
      error={message(form.error(name))}
      onChange={(v) => form.set(name, v)}
      onBlur={() => form.touch(name)}
    />
  );
  const choices = <K extends keyof typeof jobs.options>(key: K, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: (jobs.options[key] as Record<string, string>)[v] ?? v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { data, invalid } = await form.check();
    if (!data) {
      setShowAlert(!!invalid);
      focusFirstInvalid(formRef.current);
      return;
    }
    setShowAlert(false);
    if (!edit) {
      const outcome = await posting.submit('job_post', data as object, { quiet: true });
      if (outcome === 'invalid') setShowAlert(true);
      if (outcome === 'sent') setSentTo((data as unknown as { contact_email: string }).contact_email);
      return;
    }
    setSaving(true);
    try {
      const view = await apiRequest<PostingView>(`/job-posts/${encodeURIComponent(edit.token)}`, { method: 'PUT', body: data });
      toast({ variant: 'success', title: post.saved, description: post.savedText });
      onSaved?.(view);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setShowAlert(true);
      else if (err instanceof ApiError && err.status === 409 && onConflict) await onConflict();
      else toast({ variant: 'error', title: forms.errorTitle, description: forms.errorText });
    } finally {
      setSaving(false);
    }
  };

  if (sentTo)
    return (
      <div role="status" className="rounded-lg border border-green-700 bg-green-50 p-5 text-green-950">
        <h2 ref={sentHeading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {post.sentTitle}
        </h2>
        <p className="mt-2">{post.sentText.replace('{email}', sentTo)}</p>
      </div>
    );

  return (
    <form ref={formRef} noValidate onSubmit={submit} onFocus={form.prepare} className="relative grid gap-6">
      {edit ? null : <Honeypot {...posting.honeypot} />}
      {edit ? null : (
        <Section title={post.sections.you}>
          {text('contact_name', post.fields.contact_name, { autoComplete: 'name' })}
          {text('contact_email', post.fields.contact_email, { type: 'email', autoComplete: 'email', hint: post.hints.contact_email })}
        </Section>
      )}
      <Section title={post.sections.job}>
        {text('company', post.fields.company, { autoComplete: 'organization' })}
        {text('position', post.fields.position)}
        {select(
          'dashboard',
          post.fields.dashboard,
          jobDashboards.map((d) => ({ value: d, label: jobs.dashboards[d] })),
          post.choose,
        )}
        {text('location', post.fields.location, { required: false, hint: post.hints.location })}
        <div className="sm:col-span-2">
          {text('description', post.fields.description, { multiline: true, rows: 10, hint: post.hints.description })}
        </div>
        <div className="sm:col-span-2">{text('tags', post.fields.tags, { required: false, hint: post.hints.tags })}</div>
      </Section>
      <Section title={post.sections.conditions}>
        {select('industry', jobs.filters.industry, choices('industry', industries), post.choose)}
        {select('remote_allowance', jobs.filters.remote_work_allowance, choices('remote_work_allowance', remoteAllowances), post.choose)}
        {select(
          'candidate_location',
          jobs.filters.candidate_location_allowance,
          choices('candidate_location_allowance', candidateLocations),
          post.choose,
        )}
        {select('contract_type', jobs.filters.contract_type, choices('contract_type', contractTypes), post.choose)}
        {select('work_schedule', jobs.filters.work_schedule_type, choices('work_schedule_type', workSchedules), post.choose)}
      </Section>
      <Section title={post.sections.salary}>
        <p className="text-sm text-muted sm:col-span-2">{post.hints.salary}</p>
        {text('salary_min', post.fields.salary_min, { required: false, inputMode: 'numeric' })}
        {text('salary_max', post.fields.salary_max, { required: false, inputMode: 'numeric' })}
        {select(
          'salary_currency',
          post.fields.salary_currency,
          currencies.map((c) => ({ value: c, label: c })),
        )}
        {select(
          'salary_period',
          post.fields.salary_period,
          salaryPeriods.map((p) => ({ value: p, label: post.periods[p] })),
        )}
      </Section>
      <fieldset className="grid gap-2 border-t border-gray-200 pt-5">
        <legend className="mb-2 pr-2 text-lg font-semibold text-ink">{post.sections.apply}</legend>
        {(['site', 'link'] as const).map((way) => (
          <label key={way} className="flex items-start gap-2">
            <input
              type="radio"
              name="apply"
              value={way}
              checked={values.apply === way}
              onChange={() => form.set('apply', way)}
              className="mt-1.5"
            />
            <span>{post.applyWays[way]}</span>
          </label>
        ))}
        {values.apply === 'link' ? text('apply_url', post.fields.apply_url, { hint: post.hints.apply_url, autoComplete: 'url' }) : null}
      </fieldset>
      {showAlert ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
          {forms.correctErrors}
        </p>
      ) : null}
      {edit ? null : <ConsentNotice locale={locale} labels={forms} />}
      <FormUnsendableHint waitingForSchema={!form.ready} />
      <div>
        <button
          type="submit"
          disabled={busy || !online || schemaGone}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {busy ? forms.sending : edit ? post.save : post.submit}
        </button>
      </div>
    </form>
  );
}
