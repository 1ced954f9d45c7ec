import { z } from 'zod';
import { OFFICE_LOCALES } from './office-locales';
import { OFFICE_ROLES } from './staff-tables';

// The office's forms, one schema each, shared by the form (its messages are keys the office
// translates) and the server.

const officeEmail = z.email('email').max(254).trim().toLowerCase();
const password = z.string().min(12, 'passwordLength').max(128, 'passwordLength');
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'code');

export const SignInBody = z.strictObject({ email: officeEmail, password: z.string().min(1, 'required').max(128) });
export const TotpBody = z.strictObject({ code });
export const BackupCodeBody = z.strictObject({ code: z.string().trim().min(8, 'backupCode').max(32, 'backupCode') });
export const AcceptBody = z.strictObject({
  token: z.string().min(20).max(100),
  name: z.string().trim().min(1, 'required').max(100),
  /** Asked only by the first setup link, which names no address. */
  email: officeEmail.optional(),
  password,
});
export const InvitationLookupBody = z.strictObject({ token: z.string().min(20).max(100) });
export const EnrolBody = z.strictObject({
  password: z.string().min(1, 'required').max(128),
  /** The link mailed after an admin reset the authenticator (its part after `#`). */
  token: z.string().min(20).max(100).optional(),
});
export const InviteBody = z.strictObject({ email: officeEmail, role: z.enum(OFFICE_ROLES), locale: z.enum(OFFICE_LOCALES).default('en') });
export const StaffPatchBody = z
  .strictObject({ role: z.enum(OFFICE_ROLES).optional(), disabled: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, 'required');
export const MePatchBody = z.strictObject({ locale: z.enum(OFFICE_LOCALES) });
export const AuditQuery = z.object({
  actor: z.string().max(64).optional(),
  action: z
    .string()
    .regex(/^[a-z_.]{1,40}$/)
    .optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  after: z.string().max(200).optional(),
});

/** A stored description (a job's, a course's) as typed in a form, to preview as it will be kept. */
export const DescriptionPreviewBody = z.strictObject({ html: z.string().max(50_000) });
