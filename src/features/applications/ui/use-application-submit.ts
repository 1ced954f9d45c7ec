'use client';

import { useState } from 'react';
import type { Locale } from '@/i18n/routing';
import { useFormSubmit } from '@/features/forms';
import type { ApplicationRequest } from '../schema';
import { ApiError, requestErrorMessage } from '@/ui/api-client';
import { toast } from '@/ui/toast/toast-store';
import type { ApplicationLabels } from './labels';
import { fieldErrors, uploadCv, type UploadStep } from './use-cv-upload';

type Outcome = { title: string; text: string };
export type SubmitStep = UploadStep | 'submitting' | null;

/**
 * The last mile of both forms: upload the file, then send the form that uses it. Field errors
 * the server finds (a refused file, an address) come back by field; anything else is the
 * form's error notification.
 */
export function useApplicationSubmit(locale: Locale, labels: ApplicationLabels, messages: { success: Outcome; error: Outcome }) {
  const lead = useFormSubmit(locale, {
    ...labels.forms,
    successTitle: messages.success.title,
    successText: messages.success.text,
    errorTitle: messages.error.title,
    errorText: messages.error.text,
  });
  const [step, setStep] = useState<SubmitStep>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const submit = async (
    file: File,
    upload: { email: string; info: string },
    form: (fileId: string) => ApplicationRequest['form'],
    type: 'job_application' | 'cv',
  ): Promise<'sent' | 'invalid' | 'failed'> => {
    setServerErrors({});
    let fileId: string;
    try {
      fileId = await uploadCv(file, { ...upload, locale }, setStep);
    } catch (err) {
      setStep(null);
      // A request-wide error (a character that cannot be stored) has no field to mark: the
      // notification names it.
      const general = requestErrorMessage(err, labels.forms.errors, messages.error.text);
      if (general === undefined && err instanceof ApiError && err.status === 422) {
        setServerErrors(fieldErrors(err.errors));
        return 'invalid';
      }
      const rateLimited = err instanceof ApiError && err.status === 429;
      toast({
        variant: 'error',
        title: messages.error.title,
        description: general ?? (rateLimited ? labels.forms.rateLimited : messages.error.text),
      });
      return 'failed';
    }
    setStep('submitting');
    // The form's panel confirms it (SentNotice): no toast besides.
    const outcome = await lead.submit(type, form(fileId), { onInvalid: (errors) => setServerErrors(fieldErrors(errors)), quiet: true });
    setStep(null);
    return outcome;
  };

  return {
    submit,
    step,
    busy: step !== null,
    serverErrors,
    clearServerError: (field: string) => setServerErrors((errors) => ({ ...errors, [field]: undefined }) as Record<string, string>),
    honeypot: lead.honeypot,
  };
}
