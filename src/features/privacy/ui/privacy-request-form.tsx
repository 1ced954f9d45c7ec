'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { TextField } from '@/ui/form/text-field';
import { focusFirstInvalid, useZodForm } from '@/ui/form/use-zod-form';
import { useSchemaGone } from '@/ui/form/schema-gone';
import { FormUnsendableHint, useOnline } from '@/ui/online-status';
import { Honeypot, useFormSubmit } from '@/features/forms';
import { PRIVACY_REQUEST_KINDS } from '../kinds';

// The schema loads when the visitor reaches the form (decision 020).
const schema = () => import('../schema').then((m) => m.PrivacyRequestForm);

type Labels = Pick<
  Messages['Privacy'],
  'kindLegend' | 'copy' | 'copyHint' | 'erasure' | 'erasureHint' | 'email' | 'send' | 'sentHeading' | 'sentText'
>;

/**
 * A copy or the erasure of one's data: the address and the choice, sent to POST /rest/form. What
 * the page says next is the same whatever the address: the mail's link is what makes it count.
 */
export function PrivacyRequestForm({ locale, labels, forms }: { locale: Locale; labels: Labels; forms: Messages['Forms'] }) {
  const form = useZodForm(schema, { email: '', kind: '' as never });
  const send = useFormSubmit(locale, forms);
  const online = useOnline();
  const schemaGone = useSchemaGone() && !form.ready;
  const [showAlert, setShowAlert] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const groupId = useId();
  const message = (key?: string) => (key ? ((forms.errors as Record<string, string>)[key] ?? key) : undefined);
  const kindError = message(form.error('kind'));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (send.sending) return;
    const { data, invalid } = await form.check();
    if (!data) {
      setShowAlert(!!invalid);
      focusFirstInvalid(formRef.current);
      return;
    }
    setShowAlert(false);
    const outcome = await send.submit('privacy_request', data, { quiet: true });
    if (outcome === 'invalid') setShowAlert(true);
    if (outcome === 'sent') setSentTo(data.email);
  };

  if (sentTo)
    return (
      <div role="status" className="rounded-lg border border-brand-100 bg-brand-50 p-6">
        <h2 className="text-xl font-semibold text-ink">{labels.sentHeading}</h2>
        <p className="mt-2 text-gray-800">{labels.sentText.replace('{email}', sentTo)}</p>
      </div>
    );

  return (
    <form ref={formRef} noValidate onSubmit={submit} onFocus={form.prepare} className="relative grid gap-2">
      <Honeypot {...send.honeypot} />
      <fieldset className="mb-2 grid gap-2" aria-describedby={`${groupId}-error`} aria-invalid={!!kindError}>
        <legend className="mb-1 text-sm font-medium text-ink">
          {labels.kindLegend}
          <span aria-hidden="true"> *</span>
        </legend>
        {PRIVACY_REQUEST_KINDS.map((kind) => (
          <label
            key={kind}
            className="flex items-start gap-3 rounded-md border border-gray-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="kind"
              value={kind}
              className="mt-1.5"
              checked={form.values.kind === kind}
              onChange={() => (form.set('kind', kind), form.touch('kind'))}
            />
            <span>
              <span className="block font-medium text-ink">{labels[kind]}</span>
              <span className="block text-sm text-muted">{kind === 'copy' ? labels.copyHint : labels.erasureHint}</span>
            </span>
          </label>
        ))}
        <p id={`${groupId}-error`} aria-live="polite" className="min-h-5 text-sm text-red-800">
          {kindError}
        </p>
      </fieldset>
      <TextField
        label={labels.email}
        type="email"
        autoComplete="email"
        value={form.values.email}
        error={message(form.error('email'))}
        onChange={(v) => form.set('email', v)}
        onBlur={() => form.touch('email')}
      />
      {showAlert ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
          {forms.correctErrors}
        </p>
      ) : null}
      <FormUnsendableHint waitingForSchema={!form.ready} />
      <div className="mt-2">
        <button
          type="submit"
          disabled={send.sending || !online || schemaGone}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {send.sending ? forms.sending : labels.send}
        </button>
      </div>
    </form>
  );
}
