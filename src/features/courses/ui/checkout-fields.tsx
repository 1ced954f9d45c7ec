'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { ApiError, apiRequest } from '@/ui/api-client';
import { TextField } from '@/ui/form/text-field';
import { focusFirstInvalid, useZodForm } from '@/ui/form/use-zod-form';
import { toast } from '@/ui/toast/toast-store';
import { Honeypot } from '@/features/forms';
import { CheckoutForm, MAX_SEATS_PER_ORDER, type CourseCard, type RegistrationSummary } from '../schema';
import { CheckoutSummary } from './checkout-summary';
import type { CourseLabels } from './labels';

/**
 * The checkout's form: the course (or the registration paid for), the seats, who pays and the
 * invoice's details, beside the total; sent, the visitor goes on to pay.
 */
export function CheckoutFields({
  courses,
  initialCourse,
  registration,
  locale,
  labels,
  formLabels,
}: {
  courses: CourseCard[];
  initialCourse: string;
  registration: (RegistrationSummary & { id: string }) | null;
  locale: Locale;
  labels: CourseLabels;
  formLabels: Messages['Forms'];
}) {
  // A registrant's name and email are sent as they registered: the server checks them with the same schema.
  const form = useZodForm(CheckoutForm, {
    productId: initialCourse,
    quantity: 1,
    name: registration?.name ?? '',
    email: registration?.email ?? '',
    confirmEmail: registration?.email ?? '',
    company: '',
    address: '',
    vatId: '',
    ...(registration ? { registration: registration.id } : {}),
  });
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The bot traps of the contact forms: a hidden field and the time the form was on screen.
  const [honeypot, setHoneypot] = useState('');
  const shownAt = useRef<number | null>(null);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);
  const ids = { product: useId(), quantity: useId() };
  const course = courses.find((c) => c.id === form.values.productId) ?? courses[0]!;
  const quantity = Math.max(1, Math.floor(Number(form.values.quantity)) || 1);
  const message = (key?: string) =>
    key ? ((formLabels.errors as Record<string, string>)[key] ?? (labels.errors as Record<string, string>)[key] ?? key) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const element = e.currentTarget as HTMLFormElement;
    // The button stays enabled (decision 011): a press on an incomplete form says what is missing.
    const { data } = await form.check();
    if (!data) {
      setProblem(formLabels.correctErrors);
      focusFirstInvalid(element);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const traps = { website: honeypot, elapsedMs: Math.round(performance.now() - (shownAt.current ?? performance.now())) };
      const { redirect } = await apiRequest<{ redirect: string }>('/checkout', { body: { locale, form: data, traps } });
      window.location.assign(redirect);
    } catch (err) {
      setSending(false);
      const reason = err instanceof ApiError ? err.errors[0]?.message : undefined;
      if (err instanceof ApiError && (err.status === 409 || err.status === 422) && reason)
        setProblem(message(reason) ?? formLabels.correctErrors);
      else if (err instanceof ApiError && err.status === 422) setProblem(formLabels.correctErrors);
      else
        toast({
          variant: 'error',
          title: formLabels.errorTitle,
          description: err instanceof ApiError && err.status === 429 ? formLabels.rateLimited : labels.paymentFailed,
        });
    }
  };

  const quantityError = message(form.error('quantity'));
  return (
    <form noValidate onSubmit={submit} className="relative grid gap-6 lg:grid-cols-[1fr_20rem]">
      <Honeypot value={honeypot} onChange={setHoneypot} />
      <div className="grid gap-2">
        {registration ? (
          <section aria-labelledby={`${ids.product}-registration`} className="rounded-lg border border-gray-200 p-4">
            <h2 id={`${ids.product}-registration`} className="font-semibold text-ink">
              {labels.yourRegistration}
            </h2>
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-gray-600">{labels.fields.product}</dt>
              <dd className="font-medium text-ink">{course.title}</dd>
              <dt className="text-gray-600">{formLabels.fields.name}</dt>
              <dd className="text-ink">{registration.name}</dd>
              <dt className="text-gray-600">{formLabels.fields.email}</dt>
              <dd className="break-all text-ink">{registration.email}</dd>
            </dl>
            <p className="mt-3 text-sm text-muted">{labels.registrationIncluded}</p>
          </section>
        ) : (
          <div className="grid gap-1">
            <label htmlFor={ids.product} className="text-sm font-medium text-ink">
              {labels.fields.product}
            </label>
            <select
              id={ids.product}
              value={course.id}
              onChange={(e) => form.set('productId', e.target.value)}
              className="w-full rounded-md border border-gray-300 bg-white px-3 py-2"
            >
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="mt-3 grid gap-1">
          <label htmlFor={ids.quantity} className="text-sm font-medium text-ink">
            {labels.fields.quantity}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id={ids.quantity}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SEATS_PER_ORDER}
            required
            value={String(form.values.quantity)}
            onChange={(e) => form.set('quantity', e.target.value)}
            onBlur={() => form.touch('quantity')}
            aria-invalid={!!quantityError}
            aria-describedby={`${ids.quantity}-error`}
            className={`w-28 rounded-md border bg-white px-3 py-2 ${quantityError ? 'border-red-700' : 'border-gray-300'}`}
          />
          <p id={`${ids.quantity}-error`} aria-live="polite" className="min-h-5 text-sm text-red-800">
            {quantityError}
          </p>
        </div>
        {(registration ? [] : (['name', 'email', 'confirmEmail'] as const)).map((name) => (
          <TextField
            key={name}
            label={name === 'confirmEmail' ? labels.fields.confirmEmail : formLabels.fields[name]}
            value={String(form.values[name] ?? '')}
            error={message(form.error(name))}
            onChange={(v) => form.set(name, v)}
            onBlur={() => form.touch(name)}
            type={name === 'name' ? 'text' : 'email'}
            autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'off'}
          />
        ))}
        {/* For the invoice: closed until wanted, so a visitor paying for themselves sees nothing more to fill. */}
        <details className="mt-2 rounded-md border border-gray-200 p-3" open={!!(form.values.company || form.values.vatId)}>
          <summary className="cursor-pointer font-medium text-ink">{labels.billingTitle}</summary>
          <div className="mt-3 grid gap-2">
            {(['company', 'address', 'vatId'] as const).map((name) => (
              <TextField
                key={name}
                label={labels[name]}
                value={String(form.values[name] ?? '')}
                error={message(form.error(name))}
                onChange={(v) => form.set(name, v)}
                onBlur={() => form.touch(name)}
                multiline={name === 'address'}
                required={false}
                autoComplete={name === 'company' ? 'organization' : name === 'address' ? 'street-address' : 'off'}
              />
            ))}
          </div>
        </details>
      </div>
      <CheckoutSummary
        course={course}
        quantity={quantity}
        locale={locale}
        labels={labels}
        formLabels={formLabels}
        problem={problem}
        sending={sending}
      />
    </form>
  );
}
