// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';
import { locales } from '@/i18n/routing';
import { SpamTraps } from './traps';

/** Where the visit came from and what the visitor agreed to; filled in by the page. */
const LeadContext = z.strictObject({
  locale: z.enum(locales),
  page: z.string().max(300).default('/'),
  referrer: z.string().max(500).default(''),
  utm: z
    .strictObject({
      source: z.string().max(100),
      medium: z.string().max(100),
      campaign: z.string().max(100),
      term: z.string().max(100),
      content: z.string().max(100),
    })
    .partial()
    .default({}),
});

/** What every form sent to POST /rest/form carries besides its fields. */
const formEnvelope = { context: LeadContext, traps: SpamTraps };

/** The body of POST /rest/form for one kind of form. */
export function formRequest<T extends string, F extends z.ZodType>(type: T, form: F) {
  return z.strictObject({ type: z.literal(type), form, ...formEnvelope });
}
