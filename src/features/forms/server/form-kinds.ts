import 'server-only';
import type { z } from 'zod';
import type { Db } from '@/server/db';
import type { Queue } from '@/server/queue/queue';
import { looksLikeABot, type SpamTraps } from '../traps';
import { once } from './receipts';

/** What a form's handler gets: the validated body and the request's plumbing. */
export interface FormSubmission<R> {
  request: R;
  db: Db;
  queue: Queue;
  ip: string;
  now: Date;
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

/**
 * Hands a validated body to its kind's handler. A bot (see looksLikeABot) gets the same answer as a
 * person, and nothing is stored or sent.
 */
async function dispatchForm(
  kinds: readonly FormKind[],
  submission: FormSubmission<{ type: string; traps: SpamTraps }>,
): Promise<FormAnswer> {
  if (looksLikeABot(submission.request.traps)) return;
  const kind = kinds.find((k) => k.type === submission.request.type);
  if (!kind) throw new Error(`No handler for the form ${submission.request.type}`);
  return kind.submit(submission);
}

/** A form sent with an Idempotency-Key is stored once and answered alike however often it comes (receipts.ts). */
export async function submitForm(
  kinds: readonly FormKind[],
  submission: FormSubmission<{ type: string; traps: SpamTraps }>,
  idempotencyKey: string | undefined,
): Promise<FormAnswer | Record<string, unknown>> {
  if (!idempotencyKey) return dispatchForm(kinds, submission);
  return once(submission.db, idempotencyKey, submission.request.type, submission.now, (db) => dispatchForm(kinds, { ...submission, db }));
}
