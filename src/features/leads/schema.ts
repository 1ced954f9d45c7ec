// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';
import { email, formRequest, name, optionalLine, optionalText, phone, requiredLine, requiredText } from '@/features/forms/schema';
import { quoteBudgets, quoteNeeds, quoteTimelines } from './quote-options';
import { callTimeProblem, isTimeZone } from './call-time';

// One schema per form, used by the page (useZodForm) and by POST /rest/form. Messages are
// message keys (Leads.errors.*), shown translated by the page; the API returns them as they are.

export const ContactForm = z
  .strictObject({
    /** 'callback' from the "Schedule a call" card, 'message' from "Contact us" (writing to sales). */
    kind: z.enum(['callback', 'message']),
    name,
    email,
    phone,
    company: requiredLine(160),
    jobtitle: requiredLine(120),
    info: requiredText(4000),
    /** The call-back's preferred time, an ISO instant within business hours; empty for a message. */
    callAt: z.string().trim().max(40, 'callTimeHours').default(''),
    /** The visitor's time zone (the browser's), in which the times were offered. */
    timeZone: z
      .string()
      .max(64)
      .refine((v) => v === '' || isTimeZone(v))
      .default(''),
  })
  .superRefine((form, ctx) => {
    // Checked against each side's own clock: the page's when offering, the server's when storing.
    const problem = form.kind === 'callback' ? callTimeProblem(form.callAt, new Date()) : form.callAt ? 'callTimeHours' : undefined;
    if (problem) ctx.addIssue({ code: 'custom', path: ['callAt'], message: problem });
  });

export const DemoForm = z.strictObject({ name, email, message: requiredText(4000) });

export const FeedbackForm = z.strictObject({ comments: requiredText(4000) });

export const QuoteForm = z.strictObject({
  need: z.enum(quoteNeeds, { message: 'chooseOne' }),
  timeline: z.enum(quoteTimelines, { message: 'chooseOne' }),
  budget: z.enum(quoteBudgets, { message: 'chooseOne' }),
  details: optionalText(4000),
  name,
  email,
  company: optionalLine(160),
});

/** The bodies of POST /rest/form for these forms (the forms kernel serves the route). */
export const ContactRequest = formRequest('contact', ContactForm);
export const DemoRequest = formRequest('demo', DemoForm);
export const FeedbackRequest = formRequest('feedback', FeedbackForm);
export const QuoteRequest = formRequest('quote', QuoteForm);
export type LeadRequest = z.infer<typeof ContactRequest | typeof DemoRequest | typeof FeedbackRequest | typeof QuoteRequest>;
export type LeadType = LeadRequest['type'];
