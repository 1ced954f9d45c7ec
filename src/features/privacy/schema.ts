// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';
import { email, formRequest } from '@/features/forms/schema';
import { locales } from '@/i18n/routing';
import { PRIVACY_REQUEST_KINDS } from './kinds';

// A privacy request: one schema for the page (as the visitor types), POST /rest/form and the
// office's form. Messages are keys of Forms.errors.

export const PrivacyRequestForm = z.strictObject({
  email,
  kind: z.enum(PRIVACY_REQUEST_KINDS, { message: 'chooseOne' }),
});
export type PrivacyRequestForm = z.infer<typeof PrivacyRequestForm>;

/** The body of POST /rest/form for a privacy request (the language of its mails is the context's). */
export const PrivacyRequestRequest = formRequest('privacy_request', PrivacyRequestForm);

/** Staff open a request for an address that wrote to them: the same fields, and the language to answer in. */
export const OfficePrivacyRequestBody = PrivacyRequestForm.extend({ locale: z.enum(locales) });
export type OfficePrivacyRequestBody = z.infer<typeof OfficePrivacyRequestBody>;

/** The office's list of requests: the page after a cursor (the last row of the page before). */
export const OfficePrivacyQuery = z.object({ after: z.string().max(200).optional() });
