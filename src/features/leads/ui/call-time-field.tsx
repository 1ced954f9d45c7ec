'use client';

import { useId, useState } from 'react';
import type { Locale } from '@/i18n/routing';
import { callSlots } from '../call-time';

/** The browser's own time zone (the one its clock shows), or the office's when it has none. */
function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Madrid';
}

/**
 * When to call: the business-hour slots of the next days (Madrid time), shown in the visitor's own
 * time zone and grouped by the visitor's day. The value is the slot's instant (ISO), which the
 * server checks again.
 */
export function CallTimeField({
  name,
  label,
  choose,
  hint,
  locale,
  value,
  error,
  onChange,
  onBlur,
}: {
  name: string;
  label: string;
  choose: string;
  /** With {zone}: where the visitor is told which time zone the times are in. */
  hint: string;
  locale: Locale;
  value: string;
  error?: string;
  onChange: (value: string, timeZone: string) => void;
  onBlur: () => void;
}) {
  const id = useId();
  // Mounted in the browser only (the modal's content), so the slots and the zone are the visitor's.
  const [{ zone, days }] = useState(() => {
    const zone = visitorTimeZone();
    const dayOf = new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' });
    const timeOf = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: '2-digit', minute: '2-digit' });
    const days = new Map<string, { value: string; label: string }[]>();
    for (const slot of callSlots(new Date())) {
      const day = dayOf.format(slot);
      days.set(day, [...(days.get(day) ?? []), { value: slot.toISOString(), label: timeOf.format(slot) }]);
    }
    const short = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    return { zone: short ? `${zone.replace(/_/g, ' ')}, ${short}` : zone, days };
  });
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint.replace('{zone}', zone)}
      </p>
      <select
        id={id}
        name={name}
        required
        value={value}
        aria-invalid={!!error}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value, visitorTimeZone())}
        onBlur={onBlur}
        className={`w-full rounded-md border bg-white px-3 py-2 ${error ? 'border-red-700' : 'border-gray-300'}`}
      >
        <option value="">{choose}</option>
        {[...days].map(([day, slots]) => (
          <optgroup key={day} label={day}>
            {slots.map((s) => (
              <option key={s.value} value={s.value}>
                {`${day}, ${s.label}`}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <p id={`${id}-error`} aria-live="polite" className="min-h-5 text-sm text-red-800">
        {error}
      </p>
    </div>
  );
}
