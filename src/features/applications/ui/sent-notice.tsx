'use client';

import { useEffect, useRef } from 'react';

/**
 * Replaces a sent form, and is the one confirmation of it (no toast besides): takes the focus the
 * form's button had, so keyboard users are not lost, and is announced as a status.
 */
export function SentNotice({ title, text }: { title: string; text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="rounded-lg border border-green-200 bg-green-50 p-5 text-green-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{text}</p>
    </div>
  );
}
