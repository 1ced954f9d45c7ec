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
    S3_BUCKET: z.string().trim().optional(),
    S3_ENDPOINT: optionalHttpUrl,
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    SURVEY_URL_EN: optionalHttpUrl,
    SURVEY_URL_ES: optionalHttpUrl,
    POST_JOB_URL: httpUrl('https://app.acme-digital.example/jobs/new'),
    APP_LOGIN_URL: httpUrl('https://app.acme-digital.example/login'),
    AUTH_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
    SITE_NAME: z.string().trim().min(1).default('Acme Digital'),
    COMPANY_ADDRESS: z.string().trim().min(1).default('Acme Digital S.L., Calle Ejemplo 12, 28001 Madrid, Spain'),
    SOCIAL_URL: httpUrl('https://www.linkedin.com/'),
    CONTRIBUTE_URL: httpUrl('https://github.com/'),
    BLOG_URL: httpUrl('https://blog.acme-digital.example/'),
    WORKER: z.enum(['inline', 'off']).default('inline'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform((e) => ({
    ...e,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    DATA_DIR: path.resolve(e.DATA_DIR),
  }));

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(issues: z.core.$ZodIssue[]) {
    super(
      'Invalid configuration:\n' +
        issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`).join('\n'),
    );
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
  if (e.DATABASE_URL && e.NODE_ENV === 'production') {
    throw new EnvError([
      { code: 'custom', path: ['AUTH_SECRET'], message: 'is required when DATABASE_URL is set', input: undefined },
    ]);
  }
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
