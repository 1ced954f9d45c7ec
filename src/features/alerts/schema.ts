// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';
import { JobSearch } from '@/features/jobs/schema';
import { locales } from '@/i18n/routing';

import { frequencies } from './frequencies';

export type { Frequency } from './frequencies';

/** 'Notify me' on the job board: this email gets the new jobs of this search. */
export const SubscribeRequest = z.strictObject({
  email: z.email().max(254),
  search: JobSearch,
  frequency: z.enum(frequencies).default('weekly'),
  locale: z.enum(locales).default('en'),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequest>;

export const UpdateSubscriptionRequest = z.strictObject({
  frequency: z.enum(frequencies).optional(),
  paused: z.boolean().optional(),
});
export type UpdateSubscriptionRequest = z.infer<typeof UpdateSubscriptionRequest>;

export const SubscriptionView = z.object({
  status: z.enum(['pending', 'active', 'paused']),
  frequency: z.enum(frequencies),
  search: JobSearch,
  description: z.string(),
});
export type SubscriptionView = z.infer<typeof SubscriptionView>;
