'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { TextField } from '@/ui/form/text-field';
import { focusFirstInvalid, useZodForm } from '@/ui/form/use-zod-form';
import { FormUnsendableHint, useOnline } from '@/ui/online-status';
import { quoteBudgets, quoteNeeds, quoteTimelines } from '../quote-options';
import { ConsentNotice, Honeypot, useFormSubmit } from '@/features/forms';

const empty = { need: '', timeline: '', budget: '', details: '', name: '', email: '', company: '' };
const loadSchema = () => import('../schema').then((m) => m.QuoteForm);
const stepFields = [['need'], ['timeline', 'budget'], ['details', 'name', 'email', 'company']] as const;

function Choices({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  labels: Record<string, string>;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-2 font-semibold text-ink">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option}
            className={`flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2.5 ${value === option ? 'border-brand-700 bg-brand-50' : 'border-gray-300'}`}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="accent-brand-700"
            />
            <span>{labels[option]}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The home page's quote request: three short steps, stored as a lead of type quote. */
export function QuoteWizard({ locale, labels }: { locale: Locale; labels: Messages['Forms'] }) {
  const q = labels.quote;
  const form = useZodForm(loadSchema, empty as never);
  const lead = useFormSubmit(locale, labels);
  const online = useOnline();
  const [step, setStep] = useState(0);
  const [invalid, setInvalid] = useState(false);
  const stepLabel = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);
  // A new step replaces the buttons the visitor was on: focus goes to the step's label.
  useEffect(() => {
    if (moved.current) stepLabel.current?.focus();
    moved.current = true;
  }, [step]);
  const values = form.values as typeof empty;
  const message = (key?: string) => (key ? ((labels.errors as Record<string, string>)[key] ?? key) : undefined);
  // A step is complete when none of its fields has an error.
  // The choice steps need no schema: a choice is made or not.
  const stepDone = (i: number) =>
    i < 2
      ? stepFields[i]!.every((f) => Boolean(values[f as keyof typeof values]))
      : form.ready && stepFields[i]!.every((f) => !form.errorOf(f));
  // Next pressed with a choice missing: each missing choice says so until it is made.
  const [asked, setAsked] = useState(false);
  const choiceError = (field: 'need' | 'timeline' | 'budget') => (asked && !values[field] ? message('chooseOne') : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const formElement = e.currentTarget as HTMLFormElement;
    // Next and Send stay enabled: pressed too early, they say what is missing and go there.
    if (step < 2) {
      if (stepDone(step)) {
        setAsked(false);
        setStep(step + 1);
      } else {
        flushSync(() => setAsked(true));
        formElement.querySelector<HTMLInputElement>('fieldset[aria-describedby] input')?.focus();
      }
      return;
    }
    const checked = await form.check();
    if (!checked.data) {
      focusFirstInvalid(formElement);
      return;
    }
    const outcome = await lead.submit('quote', checked.data);
    setInvalid(outcome === 'invalid');
    if (outcome === 'sent') {
      form.reset();
      setStep(0);
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={form.prepare}
      className="relative grid gap-5 rounded-lg border border-gray-200 bg-white p-6 shadow-sm"
      aria-labelledby="quote-title"
    >
      <Honeypot {...lead.honeypot} />
      <div>
        <h2 id="quote-title" className="text-xl font-bold text-ink">
          {q.offer}
        </h2>
        <p className="mt-1 text-sm text-muted">{q.offerText}</p>
        <p
          ref={stepLabel}
          tabIndex={-1}
          className="mt-3 text-xs font-semibold tracking-wide text-brand-700 uppercase outline-none"
          aria-live="polite"
        >
          {q.step.replace('{step}', String(step + 1))}
        </p>
      </div>
      {step === 0 ? (
        <Choices
          legend={q.needQuestion}
          name="need"
          options={quoteNeeds}
          labels={q.needs}
          value={values.need}
          onChange={(v) => form.set('need', v)}
          error={choiceError('need')}
        />
      ) : null}
      {step === 1 ? (
        <>
          <Choices
            legend={q.timelineQuestion}
            name="timeline"
            options={quoteTimelines}
            labels={q.timelines}
            value={values.timeline}
            onChange={(v) => form.set('timeline', v)}
            error={choiceError('timeline')}
          />
          <Choices
            legend={q.budgetQuestion}
            name="budget"
            options={quoteBudgets}
            labels={q.budgets}
            value={values.budget}
            onChange={(v) => form.set('budget', v)}
            error={choiceError('budget')}
          />
        </>
      ) : null}
      {step === 2 ? (
        <div className="grid gap-1">
          <TextField
            label={q.details}
            value={values.details}
            multiline
            required={false}
            onChange={(v) => form.set('details', v)}
            onBlur={() => form.touch('details')}
            error={message(form.error('details'))}
          />
          <TextField
            label={labels.fields.name}
            value={values.name}
            autoComplete="name"
            onChange={(v) => form.set('name', v)}
            onBlur={() => form.touch('name')}
            error={message(form.error('name'))}
          />
          <TextField
            label={labels.fields.email}
            value={values.email}
            type="email"
            autoComplete="email"
            onChange={(v) => form.set('email', v)}
            onBlur={() => form.touch('email')}
            error={message(form.error('email'))}
          />
          <TextField
            label={labels.fields.company}
            value={values.company}
            required={false}
            autoComplete="organization"
            onChange={(v) => form.set('company', v)}
            onBlur={() => form.touch('company')}
            error={message(form.error('company'))}
          />
          <ConsentNotice locale={locale} labels={labels} />
        </div>
      ) : null}
      {invalid ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-900">
          {labels.correctErrors}
        </p>
      ) : null}
      <FormUnsendableHint waitingForSchema={!form.ready} />
      <div className="flex flex-wrap gap-3">
        {step > 0 ? (
          <button
            type="button"
            onClick={() => {
              setAsked(false);
              setStep(step - 1);
            }}
            className="rounded-md border border-gray-300 px-5 py-2.5 font-medium hover:bg-gray-50"
          >
            {q.back}
          </button>
        ) : null}
        <button
          type="submit"
          disabled={lead.sending || (step === 2 && !online)}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {step < 2 ? q.next : lead.sending ? labels.sending : q.send}
        </button>
      </div>
    </form>
  );
}
