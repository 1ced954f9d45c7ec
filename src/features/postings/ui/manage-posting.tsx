'use client';

import { useRef, useState } from 'react';
import type { Locale } from '@/i18n/routing';
import { ApiError, apiRequest } from '@/ui/api-client';
import { Modal } from '@/ui/modal';
import { toast } from '@/ui/toast/toast-store';
import type { PostingView } from '../schema';
import { JobPostForm, type JobPostLabels } from './job-post-form';

const tones: Record<PostingView['state'], string> = {
  unconfirmed: 'border-amber-600 bg-amber-50 text-amber-950',
  pending: 'border-amber-600 bg-amber-50 text-amber-950',
  live: 'border-green-700 bg-green-50 text-green-950',
  rejected: 'border-red-700 bg-red-50 text-red-950',
  expired: 'border-gray-400 bg-gray-50 text-gray-900',
  closed: 'border-gray-400 bg-gray-50 text-gray-900',
};

/** The employer's private page: where the listing stands, its figures, and edit, close and renew. */
export function ManagePosting({
  token,
  initial,
  justConfirmed,
  locale,
  labels,
  offerRenew,
}: {
  token: string;
  initial: PostingView;
  /** This opening confirmed the address: thanked for until the listing changes. */
  justConfirmed: boolean;
  locale: Locale;
  labels: JobPostLabels;
  /** Reached from the expiry mail's button: the renew button is shown first. */
  offerRenew: boolean;
}) {
  const { post } = labels;
  const [view, setView] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const [thanks, setThanks] = useState(justConfirmed);
  // Said in the state box, so that focus lands on the explanation and the state it explains.
  const [changedNote, setChangedNote] = useState(false);
  // Where focus goes after a change: the state it led to.
  const stateBox = useRef<HTMLDivElement>(null);
  const show = (next: PostingView, changedElsewhere = false) => {
    setView(next);
    setThanks(false);
    setChangedNote(changedElsewhere);
    requestAnimationFrame(() => stateBox.current?.focus());
  };
  const path = `/job-posts/${encodeURIComponent(token)}`;
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  const number = new Intl.NumberFormat(locale);

  const failed = () => toast({ variant: 'error', title: labels.forms.errorTitle, description: labels.forms.errorText });
  // A refusal (409) means the listing changed since this page was loaded: show it as it stands.
  // An edit's form stays open until then, so nothing typed is lost if the listing cannot be read.
  const changedMeanwhile = async () => {
    setBusy(true);
    try {
      const current = await apiRequest<PostingView>(path);
      setEditing(false);
      show(current, true);
    } catch {
      failed();
    } finally {
      setBusy(false);
    }
  };

  const act = async (action: 'close' | 'renew', done: string) => {
    setBusy(true);
    try {
      show(await apiRequest<PostingView>(`${path}/${action}`, { method: 'POST', body: {} }));
      toast({ variant: 'success', title: done });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) await changedMeanwhile();
      else failed();
    } finally {
      setBusy(false);
      setConfirmClose(false);
    }
  };

  const renew = view.canRenew ? (
    <div className="rounded-lg border border-brand-700 bg-brand-50 p-4">
      <p>{post.manage.renewText}</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => act('renew', post.manage.renewed)}
        className="mt-3 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
      >
        {post.manage.renew}
      </button>
    </div>
  ) : null;

  return (
    <div className="grid gap-6">
      {thanks ? (
        <p className="rounded-lg border border-green-700 bg-green-50 p-4 font-medium text-green-900">{post.manage.justConfirmed}</p>
      ) : null}
      <div ref={stateBox} tabIndex={-1} role="status" className={`rounded-lg border p-4 outline-none ${tones[view.state]}`}>
        {changedNote ? <p className="mb-2">{post.manage.changedMeanwhile}</p> : null}
        <p className="font-semibold">{post.states[view.state]}</p>
        {view.liveUntil && (view.state === 'live' || view.state === 'expired') ? (
          <p className="mt-1">
            {(view.state === 'live' ? post.manage.liveUntil : post.manage.endedOn).replace('{date}', date(view.liveUntil))}
          </p>
        ) : null}
        {view.changesPending ? <p className="mt-1">{post.manage.changesPending}</p> : null}
        {view.rejectionReason ? (
          <div className="mt-2">
            <p className="font-medium">{view.state === 'rejected' ? post.manage.rejectedBecause : post.manage.lastChangeRejected}</p>
            <p className="mt-1 whitespace-pre-line">{view.rejectionReason}</p>
          </div>
        ) : null}
        {view.jobPath ? (
          <a href={view.jobPath} className="mt-2 inline-block font-semibold underline underline-offset-4">
            {post.manage.viewJob}
          </a>
        ) : null}
      </div>
      {offerRenew ? renew : null}
      <section aria-labelledby="posting-stats">
        <h2 id="posting-stats" className="text-xl font-semibold text-ink">
          {post.manage.statsTitle}
        </h2>
        {view.stats.length === 0 ? (
          <p className="mt-2 text-muted">{post.manage.statsEmpty}</p>
        ) : (
          <table className="mt-2 w-full max-w-md text-left text-sm">
            <thead>
              <tr className="border-b border-gray-300">
                <th scope="col" className="py-1.5 font-semibold">
                  {post.manage.statsDay}
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  {post.manage.statsViews}
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  {post.manage.statsClicks}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.stats.map((s) => (
                <tr key={s.day} className="border-b border-gray-100">
                  <td className="py-1.5">{date(s.day)}</td>
                  <td className="py-1.5 text-right tabular-nums">{number.format(s.views)}</td>
                  <td className="py-1.5 text-right tabular-nums">{number.format(s.applyClicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {view.state === 'closed' ? null : (
        <div className="grid gap-4">
          {offerRenew ? null : renew}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              aria-expanded={editing}
              disabled={busy}
              onClick={() => setEditing((e) => !e)}
              className="rounded-md border border-gray-300 bg-white px-5 py-2.5 font-semibold text-ink hover:bg-gray-50 disabled:opacity-50"
            >
              {editing ? post.manage.cancelEdit : post.manage.edit}
            </button>
            {view.state === 'unconfirmed' ? null : (
              <button
                type="button"
                disabled={busy}
                onClick={() => setConfirmClose(true)}
                className="rounded-md border border-red-700 bg-white px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-50"
              >
                {post.manage.close}
              </button>
            )}
          </div>
          {editing ? (
            <div>
              <p className="mb-4 text-muted">{view.state === 'live' ? post.manage.editLiveNote : post.manage.editNote}</p>
              <JobPostForm
                locale={locale}
                labels={labels}
                edit={{ token, listing: view.listing }}
                onSaved={(v) => {
                  setEditing(false);
                  show(v);
                }}
                onConflict={changedMeanwhile}
              />
            </div>
          ) : null}
        </div>
      )}
      <Modal
        open={confirmClose}
        onClose={() => setConfirmClose(false)}
        title={post.manage.closeTitle}
        description={{ text: post.manage.closeText }}
        closeLabel={labels.forms.close}
        returnFocus={stateBox}
      >
        <div className="mt-5 flex flex-wrap gap-3">
          <button
            type="button"
            disabled={busy}
            onClick={() => act('close', post.manage.closed)}
            className="rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-50"
          >
            {post.manage.closeYes}
          </button>
          <button
            type="button"
            onClick={() => setConfirmClose(false)}
            className="rounded-md border border-gray-300 px-5 py-2.5 font-semibold hover:bg-gray-50"
          >
            {post.manage.keepOpen}
          </button>
        </div>
      </Modal>
    </div>
  );
}
