'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { OFFICE_LANGUAGE_NAMES, OFFICE_LOCALES, type OfficeLocale } from '@/server/office/office-locales';
import { InviteBody } from '@/server/office/office-schemas';
import { Choice, optionsOf } from '../_ui/choice';
import { ConfirmAction } from '../_ui/confirm-action';
import { Field, FormAlert, buttonClass } from '../_ui/field';
import { officeFetch } from '../_ui/office-fetch';
import { useOfficeT } from '../_ui/t';
import { useFieldErrors, useProblemText } from '../_ui/use-problem-text';
import { useRefreshingCall } from '../_ui/use-refreshing-call';

const ROLES = ['admin', 'sales', 'recruiting', 'training', 'marketing'] as const;

/** Invites a member: asks first (it mails them), then shows the link to hand over by other means too. */
export function InviteForm() {
  const t = useOfficeT('Staff');
  const r = useOfficeT('Roles');
  const v = useOfficeT('Validation');
  const problemText = useProblemText();
  const fieldErrors = useFieldErrors();
  const router = useRouter();
  const [draft, setDraft] = useState<{ email: string; role: (typeof ROLES)[number]; locale: OfficeLocale }>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const [link, setLink] = useState<string>();
  return (
    <div className="grid gap-3">
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = InviteBody.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
          setLink(undefined);
          if (!parsed.success) return setErrors({ email: v('email') });
          setErrors({});
          setDraft(parsed.data);
        }}
      >
        <Field label={t('inviteEmail')} name="email" type="email" autoComplete="off" required error={errors.email} />
        <Choice label={t('inviteRole')} name="role" defaultValue="sales" options={optionsOf(ROLES, (role) => r(role))} />
        <Choice
          label={t('inviteLanguage')}
          name="locale"
          defaultValue="en"
          options={OFFICE_LOCALES.map((l) => ({ value: l, label: OFFICE_LANGUAGE_NAMES[l], lang: l }))}
        />
        <button type="submit" className={`${buttonClass} sm:mt-6`}>
          {t('inviteSubmit')}
        </button>
      </form>
      <FormAlert message={alert} />
      {draft ? (
        <ConfirmAction
          key={`${draft.email}-${draft.role}`}
          open
          onCancel={() => setDraft(undefined)}
          label={t('inviteSubmit')}
          question={t('confirmInvite', { email: draft.email, role: r(draft.role) })}
          onConfirm={async () => {
            try {
              const answer = await officeFetch<{ link: string }>('/staff/invitations', { method: 'POST', body: draft });
              setLink(answer.link);
              setDraft(undefined);
              router.refresh();
            } catch (err) {
              // The form holds what was sent: corrected, it is sent (and asked) again.
              setDraft(undefined);
              setErrors(fieldErrors(err));
              setAlert(problemText(err));
            }
          }}
        />
      ) : null}
      {link ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm">
          {t('invited')} <code className="break-all">{link}</code>
        </p>
      ) : null}
    </div>
  );
}

/** A member's role, access and authenticator; every change asks first. */
export function MemberActions({
  id,
  name,
  role,
  disabled,
  self,
}: {
  id: string;
  name: string;
  role: string;
  disabled: boolean;
  self: boolean;
}) {
  const t = useOfficeT('Staff');
  const r = useOfficeT('Roles');
  const { alert, send } = useRefreshingCall();
  const [newRole, setNewRole] = useState(role);
  const [resetLink, setResetLink] = useState<string>();
  const act =
    (body: unknown, path = '') =>
    async () => {
      const answer = await send(() => officeFetch<{ link?: string }>(`/staff/${id}${path}`, { method: path ? 'POST' : 'PATCH', body }));
      if (answer?.link) setResetLink(answer.link);
    };
  return (
    <div className="grid gap-2">
      <FormAlert message={alert} />
      <div className="flex flex-wrap items-start gap-2">
        <label className="sr-only" htmlFor={`role-${id}`}>
          {t('role')}
        </label>
        <select
          id={`role-${id}`}
          value={newRole}
          disabled={self}
          onChange={(e) => setNewRole(e.target.value)}
          className="rounded-md border border-gray-300 bg-white px-2 py-2 text-sm"
        >
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {r(value)}
            </option>
          ))}
        </select>
        {newRole !== role ? (
          <ConfirmAction
            label={t('role')}
            question={t('confirmRole', { name, role: r(newRole as (typeof ROLES)[number]) })}
            onConfirm={act({ role: newRole })}
          />
        ) : null}
        {self ? null : disabled ? (
          <ConfirmAction label={t('enable')} question={`${t('enable')}: ${name}?`} onConfirm={act({ disabled: false })} />
        ) : (
          <ConfirmAction label={t('disable')} question={t('confirmDisable', { name })} onConfirm={act({ disabled: true })} danger />
        )}
        {self ? null : (
          <ConfirmAction label={t('reset')} question={t('confirmReset', { name })} onConfirm={act(undefined, '/reset-2fa')} danger />
        )}
      </div>
      {resetLink ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm">
          {t('resetDone')} <code className="break-all">{resetLink}</code>
        </p>
      ) : null}
    </div>
  );
}
