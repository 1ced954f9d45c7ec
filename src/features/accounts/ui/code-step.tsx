'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import type { Messages } from '@/i18n/messages';
import { ApiError, apiRequest } from '@/ui/api-client';
import { CODE_LENGTH } from '../code-length';

/** The sign-up's second step, in its dialog: the mailed code, and a way to ask for another. */
export function CodeStep({
  email,
  labels,
  cooldown,
  resending,
  onResend,
  onConfirmed,
  onFailed,
}: {
  email: string;
  labels: Messages['SignUp'];
  cooldown: number;
  resending: boolean;
  onResend: () => Promise<void>;
  onConfirmed: () => void;
  onFailed: (err: unknown) => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const complete = new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (confirming) return;
    // The button stays enabled: pressed too early, it says what is missing.
    if (!complete) {
      setError(labels.errors.codeFormat);
      input.current?.focus();
      return;
    }
    setConfirming(true);
    setError(undefined);
    try {
      await apiRequest('/unconfirmeduser/confirm', { body: { email, code } });
      onConfirmed();
    } catch (err) {
      const key = err instanceof ApiError && err.status === 422 ? err.errors.find((x) => x.path === 'code')?.message : undefined;
      if (key) setError((labels.errors as Record<string, string>)[key] ?? labels.errors.codeInvalid);
      else onFailed(err);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form noValidate onSubmit={confirm} className="mt-2 grid gap-3">
      <p className="text-muted">{labels.codeText.replace('{email}', email)}</p>
      <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{labels.checkSpam}</p>
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {labels.fields.code}
        </label>
        <input
          ref={input}
          id={id}
          value={code}
          onChange={(e) => (setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH)), setError(undefined))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`w-full rounded-md border bg-white px-3 py-2 font-mono text-2xl tracking-[0.5em] ${error ? 'border-red-700' : 'border-gray-300'}`}
        />
        <p id={`${id}-error`} role="alert" className="min-h-5 text-sm text-red-800">
          {error}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={confirming}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {confirming ? labels.confirming : labels.confirm}
        </button>
        <button
          type="button"
          onClick={onResend}
          disabled={cooldown > 0 || resending}
          className="rounded-md border border-gray-300 px-5 py-2.5 font-medium hover:bg-gray-50 disabled:opacity-50"
        >
          {cooldown > 0 ? labels.resendIn.replace('{seconds}', String(cooldown)) : labels.resend}
        </button>
      </div>
    </form>
  );
}
