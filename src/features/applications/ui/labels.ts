import type { Messages } from '@/i18n/messages';

/** The strings the application and CV forms need in the browser (passed as props). */
export type ApplicationLabels = Messages['Applications'] & { forms: Messages['Forms'] };

export function applicationLabels(messages: Messages): ApplicationLabels {
  return { ...messages.Applications, forms: messages.Forms };
}

/** A field's message key in the visitor's language (application keys first, then the common ones). */
export function errorText(labels: ApplicationLabels, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return (labels.errors as Record<string, string>)[key] ?? (labels.forms.errors as Record<string, string>)[key] ?? labels.forms.errors.required;
}
