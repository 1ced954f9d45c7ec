import { z } from 'zod';
import { OFFICE_LOCALES } from './office-locales';
import { OFFICE_ROLES } from './staff-tables';

// The office's forms, one schema each, shared by the form (its messages are keys the office
// translates) and the server.

const officeEmail = z.email('email').max(254).trim().toLowerCase();
/** A password being chosen (an invitation, a change, a reset). */
const password = z.string().min(12, 'passwordLength').max(128, 'passwordLength');
/** A password as the member types it to prove who they are (its length was checked when it was chosen). */
const currentPassword = z.string().min(1, 'required').max(128);
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'code');

export const SignInBody = z.strictObject({ email: officeEmail, password: currentPassword });
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
  password: currentPassword,
  /** The link mailed after an admin reset the authenticator (its part after `#`). */
  token: z.string().min(20).max(100).optional(),
});
export const InviteBody = z.strictObject({ email: officeEmail, role: z.enum(OFFICE_ROLES), locale: z.enum(OFFICE_LOCALES).default('en') });
export const StaffPatchBody = z
  .strictObject({ role: z.enum(OFFICE_ROLES).optional(), disabled: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, 'required');
/** My account: the password now and the new one, chosen by the enrolment's rules. */
export const PasswordChangeBody = z
  .strictObject({ currentPassword, newPassword: password })
  .refine((b) => b.newPassword !== b.currentPassword, { path: ['newPassword'], message: 'samePassword' });
/** My account: new backup codes, after the password (Better Auth's two-factor plugin asks for it). */
export const BackupCodesBody = z.strictObject({ password: currentPassword });
/** The sign-in's "Forgot your password?": the address a link is mailed to, if it is a member's. */
export const PasswordForgotBody = z.strictObject({ email: officeEmail });
/** The mailed link's page: its token (the part after `#`) and the new password. */
export const PasswordResetBody = z.strictObject({ token: z.string().min(20).max(100), password });
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
