'use client';

import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';

// The schemas load after the page is shown (decision 020).
const demoSchema = () => import('../schema').then((m) => m.DemoForm);
const feedbackSchema = () => import('../schema').then((m) => m.FeedbackForm);
import { LeadForm } from './lead-form';

export function DemoLeadForm({ locale, labels }: { locale: Locale; labels: Messages['Forms'] }) {
  return (
    <LeadForm
      type="demo"
      schema={demoSchema}
      fields={[
        { name: 'name', autoComplete: 'name' },
        { name: 'email', type: 'email', autoComplete: 'email' },
        { name: 'message', multiline: true },
      ]}
      locale={locale}
      labels={labels}
      submitLabel={labels.send}
    />
  );
}

export function FeedbackLeadForm({ locale, labels }: { locale: Locale; labels: Messages['Forms'] }) {
  return (
    <LeadForm
      type="feedback"
      schema={feedbackSchema}
      fields={[{ name: 'comments', multiline: true }]}
      locale={locale}
      labels={labels}
      submitLabel={labels.send}
      withConsent={false}
    />
  );
}
