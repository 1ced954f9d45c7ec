'use client';

import { useRef, useState, type FormEvent } from 'react';
import type { Locale } from '@/i18n/routing';
import { Honeypot } from '@/features/forms';
import { TextField } from '@/ui/form/text-field';
import { focusFirstInvalid, useZodForm } from '@/ui/form/use-zod-form';
import { describeFile, UploadUrlRequest } from '../schema';
import { FileField } from './file-field';
import { FormEnd } from './form-end';
import { SentNotice } from './sent-notice';
import { errorText, type ApplicationLabels } from './labels';
import { useApplicationSubmit } from './use-application-submit';

/** The CV form of /careers: email, a hint about the next role, the file. */
export function CvForm({ locale, labels }: { locale: Locale; labels: ApplicationLabels }) {
  const form = useZodForm(UploadUrlRequest, { file: null as never, email: '', info: '', locale });
  const [file, setFile] = useState<File | null>(null);
  const [showAlert, setShowAlert] = useState(false);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sending = useApplicationSubmit(locale, labels, {
    success: { title: labels.cv.successTitle, text: labels.cv.successText },
    error: { title: labels.cv.errorTitle, text: labels.cv.errorText },
  });
  const error = (field: string) => errorText(labels, sending.serverErrors[field] ?? form.error(field));
  const stepText = {
    address: labels.cv.gettingAddress,
    uploading: labels.cv.uploading,
    uploaded: labels.cv.uploaded,
    submitting: labels.cv.submitting,
  };

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
    const { email, info } = data;
    const outcome = await sending.submit(file, { email, info }, (fileId) => ({ fileId }), 'cv');
    if (outcome === 'invalid') setShowAlert(true);
    if (outcome === 'sent') {
      form.reset();
      setFile(null);
      setSent(true);
    }
  };

  // The one confirmation: the notice takes the form's place.
  if (sent) return <SentNotice title={labels.cv.successTitle} text={labels.cv.successText} />;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="relative grid gap-2" aria-busy={sending.busy}>
      <Honeypot {...sending.honeypot} />
      <TextField
        label={labels.fields.email}
        type="email"
        autoComplete="email"
        value={String(form.values.email)}
        error={error('email')}
        onChange={(v) => (form.set('email', v), sending.clearServerError('email'))}
        onBlur={() => form.touch('email')}
      />
      <TextField
        label={labels.fields.info}
        hint={labels.fields.infoHint}
        required={false}
        value={String(form.values.info ?? '')}
        error={error('info')}
        onChange={(v) => (form.set('info', v), sending.clearServerError('info'))}
        onBlur={() => form.touch('info')}
      />
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
        alert={showAlert ? labels.forms.correctErrors : null}
        locale={locale}
        consent={labels.forms}
        submitLabel={labels.cv.submit}
        busy={sending.busy}
        status={sending.step ? stepText[sending.step] : ''}
      />
    </form>
  );
}
