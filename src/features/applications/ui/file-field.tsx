'use client';

import { useId } from 'react';
import { CV_ACCEPT } from '../schema';

/**
 * The CV picker. The native input stays (keyboard and screen readers know it) but is drawn as a
 * button with the site's own words: the browser's 'Choose file' would be in the browser's
 * language, not the page's.
 */
export function FileField({
  label,
  hint,
  error,
  onChange,
  fileName,
  chooseLabel,
  noFileLabel,
}: {
  label: string;
  hint: string;
  error?: string;
  onChange: (file: File | null) => void;
  fileName?: string;
  chooseLabel: string;
  noFileLabel: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept={CV_ACCEPT}
          required
          aria-labelledby={`${id}-label`}
          aria-invalid={!!error}
          aria-describedby={`${id}-chosen ${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className={`cursor-pointer rounded-md border px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${error ? 'border-red-700' : 'border-gray-300'}`}
        >
          {chooseLabel}
        </label>
        <span id={`${id}-chosen`} className="min-w-0 truncate text-sm text-gray-700">
          {fileName ?? noFileLabel}
        </span>
      </div>
      <p id={`${id}-error`} aria-live="polite" className="min-h-5 text-sm text-red-800">
        {error}
      </p>
    </div>
  );
}
