import 'server-only';
import type { z } from 'zod';
import type { Db } from '@/server/db';
import type { Queue } from '@/server/queue/queue';
import { checkTraps, type SpamReason, type SpamTraps } from '../traps';
import { once } from './receipts';

/** What a form's handler gets: the validated body and the request's plumbing. */
export interface FormSubmission<R> {
  request: R;
  db: Db;
  queue: Queue;
  ip: string;
  now: Date;
  /**
   * Why the form is suspected of spam, or null. A suspected form is stored as usual, marked with
   * this, and mails nobody until staff release it (docs/decisions/030).
   */
  spam: SpamReason | null;
}

/** What POST /rest/form answers besides `ok` (a course registration answers its id, for the checkout). */
export type FormAnswer = { registration?: string } | void;

/**
 * One kind of form sent to POST /rest/form: the body's schema (built with `formRequest`) and the
 * feature's handler. Features declare theirs; the composition root hands them all to the forms
 * module, so this kernel never names a feature.
 */
export interface FormKind<R extends { type: string; traps: SpamTraps } = { type: string; traps: SpamTraps }> {
  type: R['type'];
  request: z.ZodObject & z.ZodType<R>;
  submit(submission: FormSubmission<R>): Promise<FormAnswer>;
}

export function defineForm<R extends { type: string; traps: SpamTraps }>(
  request: z.ZodObject & z.ZodType<R>,
  submit: (submission: FormSubmission<R>) => Promise<FormAnswer>,
): FormKind {
  const type = (request.shape as { type: { value: string } }).type.value;
  return { type, request, submit } as unknown as FormKind;
}

type Received = Omit<FormSubmission<{ type: string; traps: SpamTraps }>, 'spam'>;

/**
 * Hands a validated body to its kind's handler, with what the traps say (see checkTraps). The
 * visitor gets the same answer whatever they say: a honeypot hit is dropped (only a script fills
 * that field), a form sent too soon is kept as suspected spam (autofill is that fast too).
 */
async function dispatchForm(kinds: readonly FormKind[], submission: Received): Promise<FormAnswer> {
  const trap = checkTraps(submission.request.traps);
  if (trap === 'honeypot') return;
  const kind = kinds.find((k) => k.type === submission.request.type);
  if (!kind) throw new Error(`No handler for the form ${submission.request.type}`);
  return kind.submit({ ...submission, spam: trap });
}

/** A form sent with an Idempotency-Key is stored once and answered alike however often it comes (receipts.ts). */
export async function submitForm(
  kinds: readonly FormKind[],
  submission: Received,
  idempotencyKey: string | undefined,
): Promise<FormAnswer | Record<string, unknown>> {
  if (!idempotencyKey) return dispatchForm(kinds, submission);
  return once(submission.db, idempotencyKey, submission.request.type, submission.now, (db) => dispatchForm(kinds, { ...submission, db }));
}
