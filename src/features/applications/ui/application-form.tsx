'use client';

import { useRef, useState, type FormEvent } from 'react';
import type { Locale } from '@/i18n/routing';
import { Honeypot } from '@/features/forms';
import { TextField } from '@/ui/form/text-field';
import { focusFirstInvalid, useZodForm } from '@/ui/form/use-zod-form';
import { describeFile, JobApplicationFields, type JobApplicationForm } from '../schema';
import { FileField } from './file-field';
import { FormEnd } from './form-end';
import { SentNotice } from './sent-notice';
import { errorText, type ApplicationLabels } from './labels';
import { useApplicationSubmit } from './use-application-submit';

type TextFieldName = 'name' | 'email' | 'phone' | 'currentLocation' | 'residence' | 'availabilityWeeks' | 'noticePeriod';
const fields: {
  name: TextFieldName;
  type?: 'email' | 'tel';
  autoComplete?: string;
  numeric?: boolean;
  hint?: 'availabilityHint' | 'noticePeriodHint' | 'residenceHint';
  /** The spec's overlapping fields: asked, not required (the other one of each pair is). */
  optional?: boolean;
}[] = [
  { name: 'name', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'currentLocation', autoComplete: 'address-level2' },
  { name: 'residence', autoComplete: 'country-name', hint: 'residenceHint', optional: true },
  { name: 'availabilityWeeks', numeric: true, hint: 'availabilityHint' },
  { name: 'noticePeriod', hint: 'noticePeriodHint', optional: true },
];

/** The job application form: the candidate's details and CV, the consent notice, 'Apply'. */
export function ApplicationForm({
  locale,
  labels,
  target,
  position,
}: {
  locale: Locale;
  labels: ApplicationLabels;
  target: JobApplicationForm['target'];
  position: string;
}) {
  const initial = {
    name: '',
    email: '',
    position,
    phone: '',
    currentLocation: '',
    residence: '',
    availabilityWeeks: '',
    noticePeriod: '',
    file: null as never,
  };
  const form = useZodForm(JobApplicationFields, initial);
  const [file, setFile] = useState<File | null>(null);
  const [showAlert, setShowAlert] = useState(false);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sending = useApplicationSubmit(locale, labels, {
    success: { title: labels.apply.successTitle, text: labels.apply.successText },
    error: { title: labels.apply.errorTitle, text: labels.apply.errorText },
  });
  const error = (field: string) => errorText(labels, sending.serverErrors[field] ?? form.error(field));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.busy) return;
    const { data } = await form.check();
    if (!data || !file) {
      setShowAlert(true);
      focusFirstInvalid(formRef.current);
      return;
    }
    setShowAlert(false);
    const details = { ...data, file: undefined };
    const outcome = await sending.submit(
      file,
      { email: details.email, info: details.position.slice(0, 100) },
      (fileId) => ({ ...details, file: undefined, target, fileId }),
      'job_application',
    );
    if (outcome === 'invalid') setShowAlert(true);
    if (outcome === 'sent') setSent(true);
  };

  // The one confirmation: the notice takes the form's place.
  if (sent) return <SentNotice title={labels.apply.successTitle} text={labels.apply.successText} />;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="relative grid gap-2" aria-busy={sending.busy}>
      <Honeypot {...sending.honeypot} />
      <TextField
        label={labels.fields.position}
        value={position}
        readOnly
        required={false}
        onChange={() => undefined}
        onBlur={() => undefined}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {fields.map((f) => (
          <TextField
            key={f.name}
            label={labels.fields[f.name]}
            hint={f.hint ? labels.fields[f.hint] : undefined}
            type={f.type}
            inputMode={f.numeric ? 'numeric' : undefined}
            required={!f.optional}
            autoComplete={f.autoComplete}
            value={String(form.values[f.name] ?? '')}
            error={error(f.name)}
            onChange={(v) => {
              form.set(f.name, v);
              sending.clearServerError(f.name);
            }}
            onBlur={() => form.touch(f.name)}
          />
        ))}
      </div>
      <FileField
        label={labels.fields.file}
        hint={labels.fields.fileHint}
        chooseLabel={labels.fields.chooseFile}
        noFileLabel={labels.fields.noFile}
        fileName={file?.name}
        error={error('file')}
        onChange={(chosen) => {
          setFile(chosen);
          sending.clearServerError('file');
          form.set('file', chosen ? describeFile(chosen) : null);
          form.touch('file');
        }}
      />
      <FormEnd
        alert={
          showAlert ? (sending.serverErrors.target ? errorText(labels, sending.serverErrors.target) : labels.forms.correctErrors) : null
        }
        locale={locale}
        consent={labels.forms}
        submitLabel={labels.apply.submit}
        busy={sending.busy}
        status={sending.busy ? labels.apply.processing : ''}
      />
    </form>
  );
}
