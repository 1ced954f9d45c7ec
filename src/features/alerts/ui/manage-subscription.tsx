'use client';

import { useState } from 'react';
import type { Messages } from '@/i18n/messages';
import { apiRequest } from '@/ui/api-client';
import { toast } from '@/ui/toast/toast-store';
import { frequencies, type Frequency } from '../frequencies';
import type { SubscriptionView } from '../schema';

/** The manage page's controls: frequency, pause or resume, delete. */
export function ManageSubscription({
  token,
  initial,
  labels,
  offerUnsubscribe = false,
}: {
  token: string;
  initial: SubscriptionView;
  labels: Messages['Alerts'];
  offerUnsubscribe?: boolean;
}) {
  const [sub, setSub] = useState(initial);
  const [frequency, setFrequency] = useState<Frequency>(initial.frequency);
  const [deleted, setDeleted] = useState(false);
  const path = `/newsletter/subscriptions/${encodeURIComponent(token)}`;

  const change = async (body: { frequency?: Frequency; paused?: boolean }) => {
    try {
      setSub(await apiRequest<SubscriptionView>(path, { method: 'PATCH', body }));
      toast({ variant: 'success', title: labels.saved });
    } catch {
      toast({ variant: 'error', title: labels.error, description: labels.errorText });
    }
  };

  const remove = async () => {
    try {
      await apiRequest(path, { method: 'DELETE' });
      setDeleted(true);
    } catch {
      toast({ variant: 'error', title: labels.error, description: labels.errorText });
    }
  };

  if (deleted)
    return (
      <p role="status" className="rounded-lg bg-gray-50 p-4">
        {labels.deleted}
      </p>
    );

  return (
    <div className="grid gap-6">
      {offerUnsubscribe ? (
        // Reached from the mail's visible unsubscribe link: one press, and it is done.
        <button
          type="button"
          onClick={() => void remove()}
          className="justify-self-start rounded-md bg-red-800 px-5 py-3 font-semibold text-white hover:bg-red-900"
        >
          {labels.unsubscribe}
        </button>
      ) : null}
      <dl className="grid gap-3 rounded-lg border border-gray-200 p-4">
        <div>
          <dt className="text-sm font-medium text-muted">{labels.search}</dt>
          <dd className="font-medium text-ink">{sub.description}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-muted">{labels.status}</dt>
          <dd className="font-medium text-ink" data-testid="alert-status">
            {labels.statuses[sub.status]}
          </dd>
        </div>
      </dl>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void change({ frequency });
        }}
      >
        <div className="grid gap-1">
          <label htmlFor="alert-frequency" className="text-sm font-medium text-ink">
            {labels.frequency}
          </label>
          <select
            id="alert-frequency"
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as Frequency)}
            className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
          >
            {frequencies.map((f) => (
              <option key={f} value={f}>
                {labels.frequencies[f]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {labels.save}
        </button>
      </form>
      <div className="flex flex-wrap gap-3">
        {sub.status !== 'pending' ? (
          <button
            type="button"
            onClick={() => void change({ paused: sub.status === 'active' })}
            className="rounded-md border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50"
          >
            {sub.status === 'active' ? labels.pause : labels.resume}
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => void remove()}
          className="rounded-md border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50"
        >
          {labels.delete}
        </button>
      </div>
    </div>
  );
}
