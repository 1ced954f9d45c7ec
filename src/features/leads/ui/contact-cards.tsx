'use client';

import { useState } from 'react';
import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { Modal } from '@/ui/modal';
import { LeadForm, type LeadField } from './lead-form';

// The schema loads after the page is shown (decision 020).
const contactSchema = () => import('../schema').then((m) => m.ContactForm);

const messageFields: LeadField[] = [
  { name: 'name', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'company', autoComplete: 'organization' },
  { name: 'jobtitle', autoComplete: 'organization-title' },
  { name: 'info', multiline: true },
];
/** The same form, asking when to call (spec: both modals hold the contact form). */
const callbackFields: LeadField[] = [...messageFields.slice(0, 5), { name: 'callAt', type: 'callTime' }, ...messageFields.slice(5)];

/** The two cards of the contact page, each opening the contact form in a modal. */
export function ContactCards({ locale, labels }: { locale: Locale; labels: Messages['Forms'] }) {
  const [open, setOpen] = useState<'callback' | 'message' | null>(null);
  const c = labels.contact;
  const cards = [
    {
      kind: 'callback' as const,
      title: c.talkTitle,
      text: c.talkText,
      button: c.talkButton,
      modalTitle: c.talkModalTitle,
      modalText: c.talkModalText,
      fields: callbackFields,
      submit: labels.callMeBack,
    },
    {
      kind: 'message' as const,
      title: c.writeTitle,
      text: c.writeText,
      button: c.writeButton,
      modalTitle: c.writeModalTitle,
      modalText: c.writeModalText,
      fields: messageFields,
      submit: c.writeSubmit,
    },
  ];
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {cards.map((card) => (
        <section
          key={card.kind}
          className="flex flex-col rounded-lg border border-gray-200 p-6 shadow-sm"
          aria-labelledby={`card-${card.kind}`}
        >
          <h2 id={`card-${card.kind}`} className="text-xl font-semibold text-ink">
            {card.title}
          </h2>
          <p className="mt-2 flex-1 text-muted">{card.text}</p>
          <button
            type="button"
            onClick={() => setOpen(card.kind)}
            aria-haspopup="dialog"
            className="mt-4 self-start rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {card.button}
          </button>
          <Modal
            open={open === card.kind}
            onClose={() => setOpen(null)}
            title={card.modalTitle}
            description={{ text: card.modalText }}
            closeLabel={labels.close}
            wide
          >
            <div className="mt-4">
              <LeadForm
                type="contact"
                schema={contactSchema}
                fields={card.fields}
                fixed={{ kind: card.kind }}
                locale={locale}
                labels={labels}
                submitLabel={card.submit}
                withReset
                onSent={() => setOpen(null)}
              />
            </div>
          </Modal>
        </section>
      ))}
    </div>
  );
}
