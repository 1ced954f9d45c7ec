import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// The one place that reads process.env. Everything is validated once; a bad value stops
// the start with a message that names the variable.

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const httpUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || fallback)
    .pipe(z.url({ protocol: /^https?$/ }));

// "a, b , c" → ['a', 'b', 'c']; unset or blank → [].
const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(80)).max(24));

const optionalHttpUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(z.url({ protocol: /^https?$/ }).optional());

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_URL: optionalHttpUrl,
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().trim().min(3).default('Acme Digital <no-reply@acme-digital.example>'),
    SALES_EMAIL: z.email().default('sales@acme-digital.example'),
    /** Where applications and CVs are sent (SALES_EMAIL when unset). */
    RECRUITING_EMAIL: z.email().optional(),
    /** Days applications and CVs are kept before they are deleted with their files. */
    CV_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    /** Where visitors ask about or for the deletion of their data (named in the legal pages). */
    PRIVACY_EMAIL: z.email().default('privacy@acme-digital.example'),
    S3_BUCKET: z.string().trim().optional(),
    S3_ENDPOINT: optionalHttpUrl,
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    /** The header a trusted reverse proxy puts the client's address in (x-real-ip, x-forwarded-for). */
    TRUSTED_PROXY_HEADER: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]*$/)
      .optional(),
    /** A CRM endpoint that receives every lead as signed JSON (optional). */
    LEADS_WEBHOOK_URL: optionalHttpUrl,
    /** The HMAC key of the webhook's signature (required with LEADS_WEBHOOK_URL). */
    LEADS_WEBHOOK_SECRET: z.string().trim().min(16).optional(),
    /** Card payments through Stripe Checkout; without it courses are paid by bank transfer. */
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    /** The signing secret of the Stripe webhook endpoint (required with STRIPE_SECRET_KEY). */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    STRIPE_API_URL: httpUrl('https://api.stripe.com'),
    /**
     * Where bank transfers for courses go (the instructions mail). Outside production a fictional
     * account stands in; in production without Stripe all three are required.
     */
    BANK_ACCOUNT_HOLDER: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.string().min(1).optional()),
    BANK_IBAN: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.string().min(8).optional()),
    BANK_BIC: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.string().min(8).optional()),
    /** Days a bank transfer order holds its seats; unpaid after that it expires and gives them back. */
    COURSE_TRANSFER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
    /** Days a registration holds its seat unpaid; then the seat is given back (0: until the operator releases it). */
    COURSE_REGISTRATION_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
    SURVEY_URL_EN: optionalHttpUrl,
    SURVEY_URL_ES: optionalHttpUrl,
    /** Where "Post a job" leads; unset, to the site's own form (/jobs/post) and its moderation. */
    POST_JOB_URL: optionalHttpUrl,
    /** Days a job posted by an employer stays on the board once approved (renewable). */
    JOB_LISTING_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    APP_LOGIN_URL: httpUrl('https://app.acme-digital.example/login'),
    AUTH_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
    SITE_NAME: z.string().trim().min(1).default('Acme Digital'),
    /** Client names for the home page's logo strip, comma-separated; without it example wordmarks, marked as such. */
    CLIENT_NAMES: commaList,
    /** The about page's partner badges, "Name|Tier" comma-separated; without it the example badges of content/about. */
    PARTNER_BADGES: commaList,
    /** The postal address without its country, which COMPANY_COUNTRY names in each visitor's language. */
    COMPANY_ADDRESS: z.string().trim().min(1).default('Acme Digital S.L., Calle Ejemplo 12, 28001 Madrid'),
    /** The seller on invoices: the company's legal name and tax id (the address is COMPANY_ADDRESS). */
    COMPANY_LEGAL_NAME: z.string().trim().min(1).default('Acme Digital S.L.'),
    COMPANY_TAX_ID: z.string().trim().min(1).default('ESB00000000'),
    /**
     * The taxes course prices include, as invoices show them: "label:rate" pairs, comma-separated
     * ("VAT 21%:21"); empty for none (a course exempt from VAT names the exemption in its label at rate 0).
     */
    INVOICE_TAXES: z
      .string()
      .default('VAT 21%:21')
      .transform((v, ctx) =>
        v
          .split(',')
          .map((pair) => pair.trim())
          .filter(Boolean)
          .map((pair) => {
            const at = pair.lastIndexOf(':');
            const rate = Number(pair.slice(at + 1));
            if (at < 1 || !Number.isFinite(rate) || rate < 0 || rate > 100) {
              ctx.addIssue({ code: 'custom', message: `"${pair}" is not label:rate (such as VAT 21%:21)` });
              return { label: pair, rate: 0 };
            }
            return { label: pair.slice(0, at).trim(), rate };
          }),
      ),
    COMPANY_COUNTRY: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 country code such as ES')
      .default('ES'),
    // Links to the company's profiles and blog: shown only once configured (no placeholder links).
    SOCIAL_URL: optionalHttpUrl,
    CONTRIBUTE_URL: optionalHttpUrl,
    BLOG_URL: optionalHttpUrl,
    WORKER: z.enum(['inline', 'off']).default('inline'),
    DEMO_DATA: z.enum(['auto', 'on', 'off']).default('auto'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((e, ctx) => {
    // Several processes share a PostgreSQL database; a secret generated by one would not be the others'.
    if (e.DATABASE_URL && e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required when DATABASE_URL is set' });
    }
    // The CRM gets its own key, never one that also signs our links.
    if (e.LEADS_WEBHOOK_URL && !e.LEADS_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['LEADS_WEBHOOK_SECRET'], message: 'is required when LEADS_WEBHOOK_URL is set' });
    }
    // An unsigned webhook could mark any order paid.
    if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when STRIPE_SECRET_KEY is set' });
    }
    // Without card payments customers pay by transfer: a production site (on PostgreSQL, like
    // AUTH_SECRET) must never send them the fictional account. The embedded demo keeps working
    // with it out of the box, and says so when it starts.
    if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.STRIPE_SECRET_KEY) {
      for (const key of ['BANK_ACCOUNT_HOLDER', 'BANK_IBAN', 'BANK_BIC'] as const) {
        if (!e[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required with DATABASE_URL when STRIPE_SECRET_KEY is not set (courses are paid by bank transfer)',
          });
      }
    }
  })
  .transform((e) => ({
    ...e,
    STRIPE_API_URL: e.STRIPE_API_URL.replace(/\/$/, ''),
    /** True when the transfer instructions would carry the fictional example account. */
    BANK_IS_EXAMPLE: !e.STRIPE_SECRET_KEY && !e.BANK_IBAN,
    BANK_ACCOUNT_HOLDER: e.BANK_ACCOUNT_HOLDER ?? 'Acme Digital S.L.',
    BANK_IBAN: e.BANK_IBAN ?? 'ES91 2100 0418 4502 0005 1332',
    BANK_BIC: e.BANK_BIC ?? 'CAIXESBBXXX',
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    DATA_DIR: path.resolve(e.DATA_DIR),
    // Demo jobs fill an empty embedded database; a PostgreSQL one is production unless asked.
    DEMO_DATA: e.DEMO_DATA === 'auto' ? !e.DATABASE_URL : e.DEMO_DATA === 'on',
  }));

export type Env = z.infer<typeof EnvSchema>;

class EnvError extends Error {
  constructor(issues: z.core.$ZodIssue[]) {
    super('Invalid configuration:\n' + issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`).join('\n'));
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) throw new EnvError(result.error.issues);
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Embedded mode keeps a generated secret in DATA_DIR so sessions and tokens survive restarts. */
export function authSecret(): string {
  const e = env();
  if (e.AUTH_SECRET) return e.AUTH_SECRET;
  const file = path.join(e.DATA_DIR, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(e.DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process wrote it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return readFileSync(file, 'utf8').trim();
  }
}
