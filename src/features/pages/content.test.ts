import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locales } from '@/i18n/routing';
import { contentPages, contentValues, fill, pageContent } from './content';
import { rawCaseStudies } from './content-files';
import { CaseStudyContent } from './content-schema';

const contentDir = path.resolve(import.meta.dirname, '../../../content');

type Tree = string | number | boolean | Tree[] | { [key: string]: Tree };

/** Every text of a content file with its path ('advisors.people.2.bio.0'). */
function texts(tree: Tree, prefix = ''): Record<string, string> {
  if (typeof tree === 'string') return { [prefix]: tree };
  if (typeof tree !== 'object') return {};
  const entries = Array.isArray(tree) ? tree.map((v, i) => [String(i), v] as const) : Object.entries(tree);
  return Object.assign({}, ...entries.map(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k)));
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
// Names, product names and fixed codes stay the same in every language.
const sameInEveryLanguage = /(^|\.)(name|names\.\d+|slug|label)$/;

describe('page content files', () => {
  it.each(contentPages)('%s exists and is valid in every locale', (page) => {
    for (const locale of locales) expect(() => pageContent(page, locale)).not.toThrow();
  });

  it.each(contentPages)('%s has the same structure and placeholders in every locale', (page) => {
    const en = texts(pageContent(page, 'en') as Tree);
    for (const locale of locales) {
      const other = texts(pageContent(page, locale) as Tree);
      expect(Object.keys(other).sort(), locale).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) expect(placeholders(other[key]!), `${locale}: ${key}`).toEqual(placeholders(en[key]!));
    }
  });

  it.each(contentPages)('%s is translated, not English pasted in', (page) => {
    const en = texts(pageContent(page, 'en') as Tree);
    for (const locale of locales.filter((l) => l !== 'en')) {
      const other = texts(pageContent(page, locale) as Tree);
      const same = Object.keys(en).filter((k) => !sameInEveryLanguage.test(k) && en[k]!.split(' ').length > 3 && other[k] === en[k]);
      expect(same, locale).toEqual([]);
    }
  });

  it('the release has three case studies, each in every locale with its schema and three figures, translated', () => {
    const ids = Object.keys(rawCaseStudies.en);
    expect(ids).toHaveLength(3);
    for (const locale of locales) {
      expect(Object.keys(rawCaseStudies[locale]), locale).toEqual(ids);
      for (const id of ids) {
        const study = CaseStudyContent.parse(rawCaseStudies[locale][id]);
        expect(study.figures, `${locale}: ${id}`).toHaveLength(3);
        if (locale !== 'en')
          expect(study.challenge, `${locale}: ${id}`).not.toEqual(CaseStudyContent.parse(rawCaseStudies.en[id]).challenge);
      }
    }
  });

  it('the home page has two or three testimonials in every locale, the same in each', () => {
    const en = pageContent('home', 'en');
    for (const locale of locales) {
      const home = pageContent('home', locale);
      expect(
        home.testimonials.items.map((t) => t.name),
        locale,
      ).toEqual(en.testimonials.items.map((t) => t.name));
      expect(home.testimonials.items.length).toBeGreaterThanOrEqual(2);
    }
    for (const file of ['home', 'services', 'about'])
      for (const locale of locales) expect(existsSync(path.join(contentDir, file, `${locale}.json`)), `${file}/${locale}`).toBe(true);
  });

  it('legal texts name only configured values, and state the CV retention and the privacy contact', () => {
    const values = contentValues('en');
    for (const page of ['privacy-policy', 'cookies', 'terms'] as const) {
      for (const locale of locales)
        for (const text of Object.values(texts(pageContent(page, locale) as Tree))) expect(() => fill(text, values)).not.toThrow();
    }
    for (const locale of locales) {
      const policy = Object.values(texts(pageContent('privacy-policy', locale) as Tree))
        .map((t) => fill(t, values))
        .join('\n');
      expect(policy, locale).toContain(`${values.cvRetentionDays} `);
      expect(policy, locale).toContain(values.privacyEmail);
    }
  });

  it('fill refuses a placeholder it does not know', () => {
    expect(fill('Write to {privacyEmail}.', { privacyEmail: 'p@example.com' })).toBe('Write to p@example.com.');
    expect(() => fill('Hello {nobody}', {})).toThrow(/nobody/);
  });
});
