'use client';

import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { DemoForm, FeedbackForm } from '../schema';
import { LeadForm } from './lead-form';

export function DemoLeadForm({ locale, labels }: { locale: Locale; labels: Messages['Forms'] }) {
  return (
    <LeadForm
      type="demo"
      schema={DemoForm}
      fields={[{ name: 'name', autoComplete: 'name' }, { name: 'email', type: 'email', autoComplete: 'email' }, { name: 'message', multiline: true }]}
      locale={locale}
      labels={labels}
      submitLabel={labels.send}
    />
  );
}

export function FeedbackLeadForm({ locale, labels }: { locale: Locale; labels: Messages['Forms'] }) {
  return <LeadForm type="feedback" schema={FeedbackForm} fields={[{ name: 'comments', multiline: true }]} locale={locale} labels={labels} submitLabel={labels.send} withConsent={false} />;
}
