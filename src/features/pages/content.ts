import 'server-only';
import type { Locale } from '@/i18n/routing';
import { companyAddress } from '@/server/brand';
import { env } from '@/server/env';
import { rawContent } from './content-files';
import { pageSchemas as schemas, type ContentOf, type ContentPage } from './content-schema';

export type { ContentOf, ContentPage } from './content-schema';
export const contentPages = Object.keys(schemas) as ContentPage[];

/** The copy of a page in a locale in its content file, checked against its schema (a bad file fails the build). */
export function pageContent<P extends ContentPage>(page: P, locale: Locale): ContentOf<P> {
  const result = schemas[page].safeParse(rawContent[page][locale]);
  if (!result.success)
    throw new Error(`content/${page}/${locale}.json: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return result.data as ContentOf<P>;
}

/** The configured values legal texts may name: {siteName}, {companyAddress}, {privacyEmail}, {cvRetentionDays}. */
export function contentValues(locale: Locale): Record<string, string> {
  const e = env();
  return {
    siteName: e.SITE_NAME,
    companyAddress: companyAddress(locale),
    privacyEmail: e.PRIVACY_EMAIL,
    cvRetentionDays: String(e.CV_RETENTION_DAYS),
  };
}

/** Replaces {name} placeholders; an unknown one is an editing mistake and fails loudly. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Unknown placeholder {${name}} in "${text.slice(0, 60)}…"`);
    return value;
  });
}
