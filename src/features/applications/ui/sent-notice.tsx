'use client';

import { useEffect, useRef } from 'react';

/** Replaces a sent form: takes the focus the form's button had, so keyboard users are not lost. */
export function SentNotice({ title, text }: { title: string; text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="rounded-lg border border-green-200 bg-green-50 p-5 text-green-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{text}</p>
    </div>
  );
}
