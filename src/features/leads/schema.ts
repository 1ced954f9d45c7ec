// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';
import { locales } from '@/i18n/routing';
import { CvSubmission, JobApplicationForm } from '@/features/applications/schema';
import { CourseApplicationForm } from '@/features/courses/schema';
import { email, name, phone, requiredText } from './fields';
import { quoteBudgets, quoteNeeds, quoteTimelines } from './quote-options';

import { SpamTraps } from './traps';

export { SpamTraps } from './traps';

// One schema per form, used by the page (useZodForm) and by POST /rest/form. Messages are
// message keys (Leads.errors.*), shown translated by the page; the API returns them as they are.

export const ContactForm = z.strictObject({
  /** 'callback' from the "Talk to Us" card, 'message' from "Write Us". */
  kind: z.enum(['callback', 'message']),
  name,
  email,
  phone,
  company: requiredText(160),
  jobtitle: requiredText(120),
  info: requiredText(4000),
});

export const DemoForm = z.strictObject({ name, email, message: requiredText(4000) });

export const FeedbackForm = z.strictObject({ comments: requiredText(4000) });


export const QuoteForm = z.strictObject({
  need: z.enum(quoteNeeds),
  timeline: z.enum(quoteTimelines),
  budget: z.enum(quoteBudgets),
  details: z.string().trim().max(4000, 'tooLong').default(''),
  name,
  email,
  company: z.string().trim().max(160, 'tooLong').default(''),
});

/** Where the visit came from and what the visitor agreed to; filled in by the page. */
export const LeadContext = z.strictObject({
  locale: z.enum(locales),
  page: z.string().max(300).default('/'),
  referrer: z.string().max(500).default(''),
  utm: z
    .strictObject({ source: z.string().max(100), medium: z.string().max(100), campaign: z.string().max(100), term: z.string().max(100), content: z.string().max(100) })
    .partial()
    .default({}),
});

const envelope = { context: LeadContext, traps: SpamTraps };

export const FormRequest = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('contact'), form: ContactForm, ...envelope }),
  z.strictObject({ type: z.literal('demo'), form: DemoForm, ...envelope }),
  z.strictObject({ type: z.literal('feedback'), form: FeedbackForm, ...envelope }),
  z.strictObject({ type: z.literal('quote'), form: QuoteForm, ...envelope }),
  z.strictObject({ type: z.literal('job_application'), form: JobApplicationForm, ...envelope }),
  z.strictObject({ type: z.literal('cv'), form: CvSubmission, ...envelope }),
  z.strictObject({ type: z.literal('course_application'), form: CourseApplicationForm, ...envelope }),
]);
export type FormRequest = z.infer<typeof FormRequest>;
export type LeadType = FormRequest['type'];
