'use client';

import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { TextField } from '@/ui/form/text-field';
import { focusFirstInvalid, useZodForm, type SchemaSource } from '@/ui/form/use-zod-form';
import { useSchemaGone } from '@/ui/form/schema-gone';
import { FormUnsendableHint, useOnline } from '@/ui/online-status';
import type { LeadType } from '../schema';
import { ConsentNotice, Honeypot, useFormSubmit } from '@/features/forms';
import { CallTimeField } from './call-time-field';

type FieldName = keyof Messages['Forms']['fields'];
export interface LeadField {
  name: FieldName;
  /** 'callTime': the call-back's preferred time, which also sets the visitor's time zone. */
  type?: 'text' | 'email' | 'tel' | 'callTime';
  multiline?: boolean;
  autoComplete?: string;
}

/**
 * A lead form: its fields checked by the type's schema as the visitor types, the consent notice
 * before the button, and the submission with its context. `fixed` holds values the visitor does
 * not type (the contact form's kind).
 */
export function LeadForm<S extends z.ZodObject>({
  type,
  schema,
  fields,
  fixed = {},
  locale,
  labels,
  submitLabel,
  withConsent = true,
  withReset = false,
  onSent,
}: {
  type: LeadType;
  schema: SchemaSource<S>;
  fields: LeadField[];
  fixed?: Record<string, string>;
  locale: Locale;
  labels: Messages['Forms'];
  submitLabel: string;
  withConsent?: boolean;
  withReset?: boolean;
  onSent?: () => void;
}) {
  const initial = { ...Object.fromEntries(fields.map((f) => [f.name, ''])), ...fixed } as z.input<S>;
  const form = useZodForm(schema, initial);
  const lead = useFormSubmit(locale, labels);
  const online = useOnline();
  const schemaGone = useSchemaGone() && !form.ready;
  const [showAlert, setShowAlert] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const message = (key?: string) => (key ? ((labels.errors as Record<string, string>)[key] ?? key) : undefined);

  // Send stays enabled: a press on an incomplete form shows what is missing and goes to it.
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (lead.sending) return;
    const { data, invalid } = await form.check();
    if (!data) {
      setShowAlert(!!invalid);
      focusFirstInvalid(formRef.current);
      return;
    }
    setShowAlert(false);
    const outcome = await lead.submit(type, data as object);
    if (outcome === 'invalid') setShowAlert(true);
    if (outcome === 'sent') {
      form.reset();
      onSent?.();
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      onFocus={form.prepare}
      onReset={(e) => (e.preventDefault(), form.reset(), setShowAlert(false))}
      className="relative grid gap-2"
    >
      <Honeypot {...lead.honeypot} />
      {fields.map((f) =>
        f.type === 'callTime' ? (
          <CallTimeField
            key={f.name}
            name={f.name}
            label={labels.fields[f.name]}
            choose={labels.callTimeChoose}
            hint={labels.callTimeHint}
            locale={locale}
            value={String((form.values as Record<string, unknown>)[f.name] ?? '')}
            error={message(form.error(f.name))}
            onChange={(v, zone) => (form.set(f.name, v), form.set('timeZone', zone))}
            onBlur={() => form.touch(f.name)}
          />
        ) : (
          <TextField
            key={f.name}
            label={labels.fields[f.name]}
            value={String((form.values as Record<string, unknown>)[f.name] ?? '')}
            error={message(form.error(f.name))}
            onChange={(v) => form.set(f.name, v)}
            onBlur={() => form.touch(f.name)}
            type={f.type}
            multiline={f.multiline}
            autoComplete={f.autoComplete}
          />
        ),
      )}
      {showAlert ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
          {labels.correctErrors}
        </p>
      ) : null}
      {withConsent ? <ConsentNotice locale={locale} labels={labels} /> : null}
      <FormUnsendableHint waitingForSchema={!form.ready} />
      <div className="mt-2 flex flex-wrap gap-3">
        <button
          type="submit"
          // Disabled only while sent, or when it cannot be sent: the hint above says why.
          disabled={lead.sending || !online || schemaGone}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {lead.sending ? labels.sending : submitLabel}
        </button>
        {withReset ? (
          <button type="reset" className="rounded-md border border-gray-300 px-5 py-2.5 font-medium hover:bg-gray-50">
            {labels.reset}
          </button>
        ) : null}
      </div>
    </form>
  );
}
