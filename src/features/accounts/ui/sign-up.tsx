'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Honeypot } from '@/features/forms';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { ApiError, apiRequest, requestErrorMessage } from '@/ui/api-client';
import { TextField } from '@/ui/form/text-field';
import { focusFirstInvalid, useZodForm } from '@/ui/form/use-zod-form';
import { useSchemaGone } from '@/ui/form/schema-gone';
import { Modal } from '@/ui/modal';
import { FormUnsendableHint, useOnline } from '@/ui/online-status';
import { toast } from '@/ui/toast/toast-store';
import { CodeStep } from './code-step';

// The schema loads after the page is shown (decision 020).
const loadSchema = () => import('../schema').then((m) => m.SignUpForm);

/** Seconds before another code may be asked for (the server limits code mails per address too). */
const RESEND_COOLDOWN = 60;

type Labels = Messages['SignUp'];
type FieldName = keyof Labels['fields'];

const fields: {
  name: Exclude<FieldName, 'code'>;
  type?: 'email' | 'tel' | 'password';
  autoComplete: string;
  optional?: boolean;
  hint?: boolean;
}[] = [
  { name: 'name', autoComplete: 'name', optional: true },
  { name: 'company', autoComplete: 'organization', optional: true },
  { name: 'phone', type: 'tel', autoComplete: 'tel', optional: true },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'confirmEmail', type: 'email', autoComplete: 'email' },
  { name: 'password', type: 'password', autoComplete: 'new-password', hint: true },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
];

const empty = { name: '', company: '', phone: '', email: '', confirmEmail: '', password: '', confirmPassword: '' };

/**
 * The free-trial sign-up: the form (checked by the API's schema as the visitor types), then the
 * mailed code in a dialog, then the success dialog. A failure keeps everything typed.
 */
export function SignUp({
  locale,
  labels,
  loginUrl,
  formErrors,
}: {
  locale: Locale;
  labels: Labels;
  loginUrl: string;
  formErrors: Messages['Forms']['errors'];
}) {
  const form = useZodForm(loadSchema, empty);
  const online = useOnline();
  const schemaGone = useSchemaGone() && !form.ready;
  const [step, setStep] = useState<'form' | 'code' | 'done'>('form');
  const [sending, setSending] = useState(false);
  const [cooldown, setCooldown] = useState(0);
  // The bot traps of every public form: a hidden field, and the time the form was on screen.
  const [honeypot, setHoneypot] = useState('');
  const shownAt = useRef<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  const message = (key?: string) => (key ? ((labels.errors as Record<string, string>)[key] ?? key) : undefined);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const failed = (err: unknown) => {
    // An error of the whole request (a character the database cannot store): named, as the other forms do.
    const rateLimited = err instanceof ApiError && err.status === 429;
    toast({
      variant: 'error',
      title: labels.errorTitle,
      description: requestErrorMessage(err, formErrors, labels.errorText) ?? (rateLimited ? labels.rateLimited : labels.errorText),
    });
  };

  /** Registers the unconfirmed user, which mails a code; true when the code is on its way. */
  const register = async (data = form.data): Promise<boolean> => {
    if (!data) return false;
    const { name, company, phone, email, password } = data;
    setSending(true);
    try {
      const traps = { website: honeypot, elapsedMs: Math.round(performance.now() - (shownAt.current ?? performance.now())) };
      await apiRequest('/unconfirmeduser', { body: { name, company, phone, email, password, locale, traps } });
      setCooldown(RESEND_COOLDOWN);
      return true;
    } catch (err) {
      failed(err);
      return false;
    } finally {
      setSending(false);
    }
  };

  // Enter in any field (the confirm fields included) sends the form; an incomplete one shows what
  // is missing and goes to the first field to correct (the button is never disabled for it).
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const { data } = await form.check();
    if (!data) return focusFirstInvalid(formRef.current);
    if (await register(data)) setStep('code');
  };

  // The success dialog is the one confirmation (no toast besides): the email is confirmed, log in.
  const confirmed = () => {
    form.reset();
    setStep('done');
  };

  return (
    <>
      <form ref={formRef} noValidate onSubmit={submit} onFocus={form.prepare} className="relative grid gap-1">
        {fields.map((f) => (
          <TextField
            key={f.name}
            label={f.optional ? `${labels.fields[f.name]} (${labels.optional})` : labels.fields[f.name]}
            value={form.values[f.name] ?? ''}
            error={message(form.error(f.name))}
            onChange={(v) => form.set(f.name, v)}
            onBlur={() => form.touch(f.name)}
            type={f.type}
            autoComplete={f.autoComplete}
            required={!f.optional}
            hint={f.hint ? labels.passwordHint : undefined}
          />
        ))}
        <Honeypot value={honeypot} onChange={setHoneypot} />
        <FormUnsendableHint waitingForSchema={!form.ready} />
        <button
          ref={submitRef}
          type="submit"
          // Disabled only while sent, or when it cannot be sent: the hint above says why.
          disabled={sending || !online || schemaGone}
          className="mt-2 w-full rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {sending && step === 'form' ? labels.sending : labels.submit}
        </button>
      </form>

      {/* Closed without a code: back to the form's button; confirmed: the success dialog, then the emptied form. */}
      <Modal
        open={step === 'code'}
        onClose={() => setStep('form')}
        title={labels.codeTitle}
        closeLabel={labels.close}
        returnFocus={submitRef}
      >
        <CodeStep
          email={form.data?.email ?? String(form.values.email)}
          labels={labels}
          cooldown={cooldown}
          resending={sending}
          onResend={async () => {
            if (await register()) toast({ variant: 'info', title: labels.resent });
          }}
          onConfirmed={confirmed}
          onFailed={failed}
        />
      </Modal>

      <Modal
        open={step === 'done'}
        onClose={() => setStep('form')}
        title={labels.successTitle}
        closeLabel={labels.close}
        returnFocus={formRef}
      >
        <p className="mt-2 text-muted">{labels.successText}</p>
        <a href={loginUrl} className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {labels.login}
        </a>
      </Modal>
    </>
  );
}
