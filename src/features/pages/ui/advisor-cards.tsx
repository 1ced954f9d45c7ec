'use client';

import { useState } from 'react';
import { InitialsAvatar } from '@/ui/brand/avatar';
import { Modal } from '@/ui/modal';
import type { AboutContent } from '../content-schema';

type Advisors = AboutContent['advisors'];

/** The advisors as cards; each opens a modal with the bio (focus trapped, and returned to its button). */
export function AdvisorCards({ people, readBio, close }: Pick<Advisors, 'people' | 'readBio' | 'close'>) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {people.map((person) => (
        <li key={person.name} className="flex flex-col rounded-lg border border-gray-200 p-5">
          <div className="flex flex-1 items-start gap-4">
            <InitialsAvatar name={person.name} />
            <div>
              <h3 className="text-lg font-semibold text-ink">{person.name}</h3>
              <p className="mt-1 text-muted">{person.role}</p>
            </div>
          </div>
          <button
            type="button"
            onClick={() => setOpen(person.name)}
            aria-haspopup="dialog"
            // The card's full width: the label has the name in it, and a button shrunk to its text
            // wrapped on some cards and not on others.
            className="mt-4 rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-balance text-brand-700 hover:bg-brand-50"
          >
            {readBio.replace('{name}', person.name)}
          </button>
          <Modal
            open={open === person.name}
            onClose={() => setOpen(null)}
            title={person.name}
            description={{ text: person.role, className: 'mt-1 font-medium text-brand-700' }}
            closeLabel={close}
            wide
          >
            {person.bio.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-gray-800">
                {paragraph}
              </p>
            ))}
          </Modal>
        </li>
      ))}
    </ul>
  );
}
