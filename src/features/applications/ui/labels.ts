import type { Messages } from '@/i18n/messages';

/** The strings the application and CV forms need in the browser (passed as props, so kept short). */
export type ApplicationLabels = Pick<Messages['Applications'], 'fields' | 'errors' | 'apply' | 'cv'> & {
  forms: Pick<
    Messages['Forms'],
    | 'errors'
    | 'consent'
    | 'privacyPolicy'
    | 'newTab'
    | 'correctErrors'
    | 'rateLimited'
    | 'successTitle'
    | 'successText'
    | 'errorTitle'
    | 'errorText'
    | 'sending'
  >;
};

export function applicationLabels({ Applications: a, Forms: f }: Messages): ApplicationLabels {
  return {
    fields: a.fields,
    errors: a.errors,
    apply: a.apply,
    cv: a.cv,
    forms: {
      errors: f.errors,
      consent: f.consent,
      privacyPolicy: f.privacyPolicy,
      newTab: f.newTab,
      correctErrors: f.correctErrors,
      rateLimited: f.rateLimited,
      successTitle: f.successTitle,
      successText: f.successText,
      errorTitle: f.errorTitle,
      errorText: f.errorText,
      sending: f.sending,
    },
  };
}

/** A field's message key in the visitor's language (application keys first, then the common ones). */
export function errorText(labels: ApplicationLabels, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return (
    (labels.errors as Record<string, string>)[key] ?? (labels.forms.errors as Record<string, string>)[key] ?? labels.forms.errors.required
  );
}
