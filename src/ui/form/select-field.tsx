'use client';

import { useId } from 'react';

/** A labelled select whose error is announced and tied to it; the first option asks to choose. */
export function SelectField({
  label,
  value,
  options,
  placeholder,
  error,
  onChange,
  onBlur,
  required = true,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** The empty first option ("Choose…"); none when a value is always set. */
  placeholder?: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        value={value}
        required={required}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        className={`w-full rounded-md border bg-white px-3 py-2 ${error ? 'border-red-700' : 'border-gray-300'}`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <p id={`${id}-error`} aria-live="polite" className="min-h-5 text-sm text-red-800">
        {error}
      </p>
    </div>
  );
}
