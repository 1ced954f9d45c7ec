'use client';

import { IntentLink as Link } from '@/ui/intent-link';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Messages } from '@/i18n/messages';
import { localizedPath, type Locale } from '@/i18n/locale-path';
import { ConsentNotice, Honeypot, useFormSubmit } from '@/features/forms';
import { apiRequest } from '@/ui/api-client';
import { TextField } from '@/ui/form/text-field';
import { focusFirstInvalid, useZodForm } from '@/ui/form/use-zod-form';
import { FormUnsendableHint, useOnline } from '@/ui/online-status';
import { useLocationSearch } from '@/ui/use-location-search';
import { CourseApplicationForm, CourseWaitlistForm, experienceLevels, type CourseCard } from '../schema';
import { fill, type CourseLabels } from './labels';

type Closed = CourseCard['closed'];

/** Why registrations are closed, and a way to ask about the next edition. */
function ClosedNotice({ closed, labels, locale }: { closed: NonNullable<Closed>; labels: CourseLabels; locale: Locale }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <p className="text-lg font-semibold">{closed === 'full' ? labels.fullTitle : labels.closedTitle}</p>
      <p className="mt-1">{closed === 'full' ? labels.fullText : labels.closedText}</p>
      <Link href={localizedPath('/contact', locale)} className="mt-3 inline-block font-semibold underline underline-offset-4">
        {labels.contactUs}
      </Link>
    </div>
  );
}

/**
 * A full course's waiting list: name and email, and a confirmation in place of the form once sent.
 * A seat freed later is offered to the first in line by mail (held for 48 hours).
 */
function WaitlistForm({
  courseId,
  locale,
  labels,
  formLabels,
}: {
  courseId: string;
  locale: Locale;
  labels: CourseLabels;
  formLabels: Messages['Forms'];
}) {
  const form = useZodForm(CourseWaitlistForm, { courseId, name: '', email: '' });
  const lead = useFormSubmit(locale, formLabels);
  const online = useOnline();
  const [done, setDone] = useState(false);
  const titleId = useId();
  const message = (key?: string) => (key ? ((formLabels.errors as Record<string, string>)[key] ?? key) : undefined);
  if (done) {
    return (
      <p role="status" className="mt-6 rounded-lg border border-green-300 bg-green-50 p-5 text-green-950">
        {labels.waitlistDone}
      </p>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const element = e.currentTarget as HTMLFormElement;
    // The button stays enabled (decision 011): a press on an incomplete form says what is missing.
    const { data } = await form.check();
    if (!data) return focusFirstInvalid(element);
    await lead.submit('course_waitlist', data, { quiet: true, onSent: () => setDone(true) });
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId} className="relative mt-6 grid gap-2">
      <h2 id={titleId} className="text-lg font-semibold text-ink">
        {labels.waitlistTitle}
      </h2>
      <p className="mb-2 text-muted">{labels.waitlistText}</p>
      <Honeypot {...lead.honeypot} />
      {(['name', 'email'] as const).map((name) => (
        <TextField
          key={name}
          label={formLabels.fields[name]}
          value={String(form.values[name] ?? '')}
          error={message(form.error(name))}
          onChange={(v) => form.set(name, v)}
          onBlur={() => form.touch(name)}
          type={name === 'email' ? 'email' : 'text'}
          autoComplete={name}
        />
      ))}
      <ConsentNotice locale={locale} labels={formLabels} />
      <FormUnsendableHint />
      <div className="mt-2">
        <button
          type="submit"
          disabled={lead.sending || !online}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {lead.sending ? formLabels.sending : labels.waitlistJoin}
        </button>
      </div>
    </form>
  );
}

/**
 * The registration form of a course. The page may come from a cache, so the form asks the API
 * whether seats are left; the API decides in the end, and a full course is said so either way.
 */
export function RegistrationForm({
  courseId,
  initialClosed,
  locale,
  labels,
  formLabels,
}: {
  courseId: string;
  initialClosed: Closed;
  locale: Locale;
  labels: CourseLabels;
  formLabels: Messages['Forms'];
}) {
  const [closed, setClosed] = useState<Closed>(initialClosed);
  const [registration, setRegistration] = useState<{ id: string; email: string } | null>(null);
  const confirmation = useRef<HTMLHeadingElement>(null);
  const [showAlert, setShowAlert] = useState(false);
  const form = useZodForm(CourseApplicationForm, { courseId, name: '', email: '', phone: '', experience: '' as never, motivation: '' });
  const lead = useFormSubmit(locale, formLabels);
  const online = useOnline();
  const groupId = useId();
  // A waiting-list offer's link: the seat held for it is the one this form registers, full course or not.
  const offer = new URLSearchParams(useLocationSearch()).get('offer') ?? undefined;

  // The form is gone once sent: focus moves to the confirmation, which screen readers then read.
  useEffect(() => {
    if (registration) confirmation.current?.focus();
  }, [registration]);

  useEffect(() => {
    apiRequest<CourseCard>(`/course/${courseId}`)
      .then((course) => setClosed(course.closed))
      .catch(() => {});
  }, [courseId]);

  const message = (key?: string) =>
    key ? ((formLabels.errors as Record<string, string>)[key] ?? (labels.errors as Record<string, string>)[key] ?? key) : undefined;

  // The one confirmation of a registration (no toast besides): what happened and what comes next.
  if (registration !== null) {
    const steps = [fill(labels.stepEmail, { email: registration.email }), ...(registration.id ? [labels.stepPay] : []), labels.stepContact];
    return (
      <section
        role="status"
        aria-labelledby={`${groupId}-done`}
        className="rounded-lg border border-green-300 bg-green-50 p-5 text-green-950"
      >
        <h2 id={`${groupId}-done`} ref={confirmation} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 fill-green-700">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1.2 11.4L5.4 10l1.4-1.4 2 2 4.4-4.4 1.4 1.4-5.8 5.8Z" />
          </svg>
          {labels.registeredTitle}
        </h2>
        <h3 className="mt-4 text-sm font-semibold tracking-wide uppercase">{labels.nextSteps}</h3>
        <ol className="mt-2 grid list-decimal gap-1.5 pl-5">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {registration.id ? (
          <Link
            href={`${localizedPath('/checkout', locale)}?course=${courseId}&registration=${registration.id}`}
            className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {labels.payNow}
          </Link>
        ) : null}
      </section>
    );
  }
  if (closed && !(offer && closed === 'full')) {
    return (
      <>
        <ClosedNotice closed={closed} labels={labels} locale={locale} />
        {closed === 'full' ? <WaitlistForm courseId={courseId} locale={locale} labels={labels} formLabels={formLabels} /> : null}
      </>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const element = e.currentTarget as HTMLFormElement;
    const { data } = await form.check();
    if (!data) {
      setShowAlert(true);
      focusFirstInvalid(element);
      return;
    }
    setShowAlert(false);
    const email = data.email;
    const outcome = await lead.submit('course_application', offer ? { ...data, offer } : data, {
      quiet: true,
      onSent: (body) => setRegistration({ id: body.registration ?? '', email }),
      onError: (err) => {
        const reason = err.errors.find((x) => x.path === 'form.courseId')?.message;
        if (err.status !== 409 || !reason) return false;
        setClosed(reason === 'courseClosed' ? 'deadline' : 'full');
        return true;
      },
    });
    if (outcome === 'invalid') setShowAlert(true);
  };

  const text = (name: 'name' | 'email' | 'phone', label: string, type: 'text' | 'email' | 'tel', autoComplete: string) => (
    <TextField
      label={label}
      value={String(form.values[name] ?? '')}
      error={message(form.error(name))}
      onChange={(v) => form.set(name, v)}
      onBlur={() => form.touch(name)}
      type={type}
      autoComplete={autoComplete}
    />
  );
  const experienceError = message(form.error('experience'));

  return (
    <form noValidate onSubmit={submit} className="relative grid gap-2">
      {offer ? <p className="mb-2 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-950">{labels.offerHeld}</p> : null}
      <Honeypot {...lead.honeypot} />
      {text('name', formLabels.fields.name, 'text', 'name')}
      {text('email', formLabels.fields.email, 'email', 'email')}
      {text('phone', formLabels.fields.phone, 'tel', 'tel')}
      <fieldset className="mb-2 grid gap-2" aria-describedby={`${groupId}-error`} aria-invalid={!!experienceError}>
        <legend className="mb-1 text-sm font-medium text-ink">
          {labels.fields.experience}
          <span aria-hidden="true"> *</span>
        </legend>
        {experienceLevels.map((level) => (
          <label
            key={level}
            className="flex items-center gap-2 rounded-md border border-gray-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="experience"
              value={level}
              checked={form.values.experience === level}
              onChange={() => (form.set('experience', level), form.touch('experience'))}
            />
            {labels.experienceLevels[level]}
          </label>
        ))}
        <p id={`${groupId}-error`} aria-live="polite" className="min-h-5 text-sm text-red-800">
          {experienceError}
        </p>
      </fieldset>
      <TextField
        label={labels.fields.motivation}
        value={String(form.values.motivation ?? '')}
        error={message(form.error('motivation'))}
        onChange={(v) => form.set('motivation', v)}
        onBlur={() => form.touch('motivation')}
        multiline
        required={false}
      />
      {showAlert ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
          {formLabels.correctErrors}
        </p>
      ) : null}
      <ConsentNotice locale={locale} labels={formLabels} />
      <FormUnsendableHint />
      <div className="mt-2">
        <button
          type="submit"
          disabled={lead.sending || !online}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {lead.sending ? formLabels.sending : labels.register}
        </button>
      </div>
    </form>
  );
}
