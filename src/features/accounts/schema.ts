// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';
import { ID_PATTERN } from '@/lib/ids';
import { locales } from '@/i18n/routing';
// From traps.ts, not the leads schema: the sign-up's schema chunk stays free of every other form's.
import { optionalLine, SpamTraps } from '@/features/forms/schema';
import { CODE_LENGTH } from './code-length';

// The sign-up form and the two calls it makes. Messages are message keys (SignUp.errors.*), shown
// translated by the page; the API returns them as they are.

const email = z.string().trim().min(1, 'emailRequired').pipe(z.email('emailFormat').max(254, 'tooLong'));

/** What POST /rest/unconfirmeduser takes: the account (email, password, name) and the trial lead. */
export const UnconfirmedUser = z.strictObject({
  /** The spec gives the name no rule. */
  name: optionalLine(120),
  company: optionalLine(160),
  phone: optionalLine(40),
  email,
  password: z.string().min(1, 'passwordRequired').min(6, 'passwordLength').max(35, 'passwordLength'),
  /** The language of the code mail. */
  locale: z.enum(locales).default('en'),
  /** The bot traps of every public form (hidden field, time on screen), as the lead forms send them. */
  traps: SpamTraps,
});
export type UnconfirmedUser = z.infer<typeof UnconfirmedUser>;

/** Refinements run once the object parsed, even while other fields still have errors. */
const whenObject = { when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null };

/** The page's form: the same fields, each typed twice where a typo would lock the visitor out. */
export const SignUpForm = UnconfirmedUser.omit({ locale: true, traps: true })
  .extend({
    confirmEmail: z.string().trim().min(1, 'confirmEmailRequired'),
    confirmPassword: z.string().min(1, 'confirmPasswordRequired'),
  })
  .refine((f) => f.confirmEmail === '' || f.confirmEmail.trim().toLowerCase() === String(f.email).trim().toLowerCase(), {
    path: ['confirmEmail'],
    message: 'emailMismatch',
    ...whenObject,
  })
  .refine((f) => f.confirmPassword === '' || f.confirmPassword === f.password, {
    path: ['confirmPassword'],
    message: 'passwordMismatch',
    ...whenObject,
  });
export type SignUpForm = z.input<typeof SignUpForm>;

export { CODE_LENGTH };

/** What POST /rest/unconfirmeduser/confirm takes: the address and the code mailed to it. */
export const ConfirmUser = z.strictObject({
  email,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'codeFormat'),
});
export type ConfirmUser = z.infer<typeof ConfirmUser>;

/** What the mailed link's confirm button posts: the user and sign-up it names, and the code. */
export const ConfirmLink = z.strictObject({
  userId: z.string().regex(ID_PATTERN),
  signupId: z.string().regex(ID_PATTERN),
  code: ConfirmUser.shape.code,
});
export type ConfirmLink = z.infer<typeof ConfirmLink>;
