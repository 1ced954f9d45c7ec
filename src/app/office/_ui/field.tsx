'use client';

import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { useOfficeT } from './t';

/** A labelled input whose error is announced and tied to it. */
export function Field({
  label,
  error,
  hint,
  children,
  ...input
}: { label: string; error?: string; hint?: string; children?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {children ?? (
        <input
          id={id}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          className={`w-full rounded-md border bg-white px-3 py-2 ${error ? 'border-red-700' : 'border-gray-300'}`}
          {...input}
        />
      )}
      <p id={`${id}-error`} aria-live="polite" className="min-h-5 text-sm text-red-800">
        {error}
      </p>
    </div>
  );
}

export function FormAlert({ message }: { message?: string }) {
  return (
    <p role="alert" className={message ? 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900' : 'sr-only'}>
      {message}
    </p>
  );
}

export const buttonClass =
  'inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-50 disabled:opacity-60';

/** A form's Save button, which says "Saving…" (and waits) while its call runs. */
export function SaveButton({ busy, disabled, ...button }: { busy: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const c = useOfficeT('Common');
  return (
    <button className={buttonClass} disabled={busy || disabled} {...button}>
      {busy ? c('saving') : c('save')}
    </button>
  );
}

/** What a form says once it is done ("Saved."), to a screen reader too; empty until then. */
export function DoneNote({ text }: { text: string | undefined }) {
  return (
    <p aria-live="polite" className="text-sm text-green-800">
      {text}
    </p>
  );
}
