'use client';

import { useId } from 'react';

/** A labelled text input or textarea whose error is announced and tied to it. */
export function TextField({
  label,
  value,
  error,
  onChange,
  onBlur,
  type = 'text',
  multiline = false,
  autoComplete,
  required = true,
  hint,
  inputMode,
  readOnly,
  rows = 4,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  type?: 'text' | 'email' | 'tel' | 'password';
  multiline?: boolean;
  autoComplete?: string;
  required?: boolean;
  /** A line under the label (an example, a unit, the rule of a password). */
  hint?: string;
  inputMode?: 'numeric' | 'text';
  readOnly?: boolean;
  /** The height of a multiline field, in lines. */
  rows?: number;
}) {
  const id = useId();
  const props = {
    id,
    value,
    required,
    'aria-invalid': !!error,
    'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
    readOnly,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    onBlur,
    className: `w-full rounded-md border bg-white px-3 py-2 read-only:bg-gray-50 read-only:text-gray-700 ${error ? 'border-red-700' : 'border-gray-300'}`,
  };
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea rows={rows} {...props} /> : <input type={type} autoComplete={autoComplete} inputMode={inputMode} {...props} />}
      <p id={`${id}-error`} aria-live="polite" className="min-h-5 text-sm text-red-800">
        {error}
      </p>
    </div>
  );
}
