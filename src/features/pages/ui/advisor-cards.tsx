'use client';

import * as Dialog from '@radix-ui/react-dialog';
import type { AboutContent } from '../content-schema';

type Advisors = AboutContent['advisors'];

/** The advisors as cards; each opens a modal with the bio (focus trapped, and returned to its button). */
export function AdvisorCards({ people, readBio, close }: Pick<Advisors, 'people' | 'readBio' | 'close'>) {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {people.map((person) => (
        <li key={person.name} className="flex flex-col rounded-lg border border-gray-200 p-5">
          <h3 className="text-lg font-semibold text-ink">{person.name}</h3>
          <p className="mt-1 flex-1 text-muted">{person.role}</p>
          <Dialog.Root>
            <Dialog.Trigger className="mt-4 self-start rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              {readBio.replace('{name}', person.name)}
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
              <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
                <Dialog.Title className="pr-8 text-xl font-semibold text-ink">{person.name}</Dialog.Title>
                <Dialog.Description className="mt-1 font-medium text-brand-700">{person.role}</Dialog.Description>
                {person.bio.map((paragraph) => (
                  <p key={paragraph} className="mt-3 text-gray-800">
                    {paragraph}
                  </p>
                ))}
                <Dialog.Close aria-label={close} className="absolute top-4 right-4 rounded p-1 text-2xl leading-none text-muted hover:text-ink">
                  <span aria-hidden="true">×</span>
                </Dialog.Close>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </li>
      ))}
    </ul>
  );
}
