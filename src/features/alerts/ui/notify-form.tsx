'use client';

import { useState, type FormEvent } from 'react';
import { searchFromParams, type Dashboard } from '@/features/jobs';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { apiRequest } from '@/ui/api-client';
import { FormUnsendableHint, useOnline } from '@/ui/online-status';
import { toast } from '@/ui/toast/toast-store';
import { useLocationSearch } from '@/ui/use-location-search';
import { frequencies, type Frequency } from '../frequencies';

export type NotifyLabels = Pick<
  Messages['Jobs'],
  | 'email'
  | 'emailPlaceholder'
  | 'notifyMe'
  | 'notifyHint'
  | 'invalidEmail'
  | 'subscriptionCreated'
  | 'subscriptionText'
  | 'subscriptionFailed'
  | 'subscriptionFailedText'
>;
export type FrequencyLabels = Pick<Messages['Alerts'], 'frequency' | 'frequencies'>;

/** 'Notify me': the new jobs of the board's current search (read from the address, as the board does), by email. */
export function NotifyForm({
  id,
  dashboard,
  locale,
  labels,
  frequencyLabels,
}: {
  id: string;
  dashboard: Dashboard;
  locale: Locale;
  labels: NotifyLabels;
  frequencyLabels: FrequencyLabels;
}) {
  const search = searchFromParams(dashboard, new URLSearchParams(useLocationSearch()));
  const online = useOnline();
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState<Frequency>('weekly');
  const [invalid, setInvalid] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const request = { email: email.trim(), search, frequency, locale };
    setSending(true);
    // The schema arrives with the first 'Notify me', not with the board (decision 020).
    const schema = await import('../schema').catch(() => null);
    if (!schema) {
      toast({ variant: 'error', title: labels.subscriptionFailed, description: labels.subscriptionFailedText });
      setSending(false);
      return;
    }
    if (!schema.SubscribeRequest.shape.email.safeParse(request.email).success) {
      setInvalid(true);
      setSending(false);
      return;
    }
    setInvalid(false);
    try {
      await apiRequest('/newsletter/subscribe', { body: request });
      toast({ variant: 'success', title: labels.subscriptionCreated, description: labels.subscriptionText });
      setEmail('');
    } catch {
      toast({ variant: 'error', title: labels.subscriptionFailed, description: labels.subscriptionFailedText });
    } finally {
      setSending(false);
    }
  };

  return (
    <form id={id} onSubmit={submit} noValidate className="grid gap-3 rounded-lg border border-gray-200 p-4">
      <p className="text-sm text-muted">{labels.notifyHint}</p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-56 flex-1 gap-1">
          <label htmlFor={`${id}-email`} className="text-sm font-medium text-ink">
            {labels.email}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            placeholder={labels.emailPlaceholder}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(e) => setEmail(e.target.value)}
            className="rounded-md border border-gray-300 bg-white px-3 py-2"
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-frequency`} className="text-sm font-medium text-ink">
            {frequencyLabels.frequency}
          </label>
          <select
            id={`${id}-frequency`}
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as Frequency)}
            className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
          >
            {frequencies.map((f) => (
              <option key={f} value={f}>
                {frequencyLabels.frequencies[f]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          disabled={!email.trim() || sending || !online}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {labels.notifyMe}
        </button>
      </div>
      {invalid ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
          {labels.invalidEmail}
        </p>
      ) : null}
      <FormUnsendableHint />
    </form>
  );
}
