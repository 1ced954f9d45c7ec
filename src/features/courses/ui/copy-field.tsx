'use client';

import { useEffect, useRef, useState } from 'react';
import { fill, type CourseLabels } from './labels';

/** How long the button says "Copied". */
const COPIED_MS = 2500;

/**
 * One line of payment details: its label, its value (never broken: a reference or an IBAN split
 * over two lines gets typed wrong) and a button that copies it. The button says "Copied" for a
 * moment and a live region says which field was copied. Where the clipboard is refused (a page
 * not served over https), the value is selected for the visitor to copy and the page says so.
 */
export function CopyField({
  label,
  value,
  copyValue = value,
  mono = false,
  nowrap = true,
  labels,
}: {
  label: string;
  value: string;
  /** What goes to the clipboard when it differs from what is shown (an IBAN without its spaces). */
  copyValue?: string;
  mono?: boolean;
  /** False for a value in groups (an IBAN), which may wrap between groups on a narrow screen. */
  nowrap?: boolean;
  labels: CourseLabels;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [announcement, setAnnouncement] = useState('');
  const valueRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copyValue);
      setState('copied');
      setAnnouncement(fill(labels.copiedField, { field: label }));
    } catch {
      const range = document.createRange();
      range.selectNodeContents(valueRef.current!);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setState('failed');
      setAnnouncement(labels.copyFailed);
    }
  };

  return (
    <div className="border-t border-green-200 py-3 first:border-t-0">
      <dt className="text-sm text-green-900">{label}</dt>
      <dd className="mt-1 flex items-center justify-between gap-3">
        <span className="min-w-0">
          <span ref={valueRef} className={`font-semibold text-ink ${nowrap ? 'whitespace-nowrap' : ''} ${mono ? 'font-mono' : ''}`}>
            {value}
          </span>
          {state === 'failed' ? <span className="block text-sm text-red-800">{labels.copyFailed}</span> : null}
        </span>
        <button
          type="button"
          onClick={copy}
          aria-label={fill(labels.copyField, { field: label })}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-md border border-green-700 bg-white px-3 py-1.5 text-sm font-semibold text-green-900 hover:bg-green-100"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
            {state === 'copied' ? (
              <path d="M8 13.2 4.8 10l-1.4 1.4L8 16l9-9-1.4-1.4L8 13.2Z" />
            ) : (
              <path d="M7 3h9a1 1 0 0 1 1 1v10h-2V5H7V3ZM4 6h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Zm1 2v8h7V8H5Z" />
            )}
          </svg>
          {state === 'copied' ? labels.copied : labels.copy}
        </button>
        <span aria-live="polite" className="sr-only">
          {announcement}
        </span>
      </dd>
    </div>
  );
}
