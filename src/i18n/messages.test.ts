import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { locales } from './routing';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? { ...acc, [key]: v } : { ...acc, ...flatten(v, key) };
  }, {});
}

// Argument names ({name}, {quantity, plural, …}); the text of a plural branch ("one {it}") is not one.
const placeholders = (s: string) =>
  [...new Set([...s.matchAll(/(?<!(?:zero|one|two|few|many|other|=\d+)\s*)\{(\w+)/g)].map((m) => m[1]))].sort();
const flat = Object.fromEntries(locales.map((l) => [l, flatten(messages[l] as unknown as Tree)]));
const englishKeys = Object.keys(flat.en!).sort();

describe('message files', () => {
  it.each(locales.filter((l) => l !== 'en'))('%s has exactly the keys of English', (locale) => {
    expect(Object.keys(flat[locale]!).sort()).toEqual(englishKeys);
  });

  it.each(locales)('%s has no empty text and keeps every placeholder', (locale) => {
    for (const key of englishKeys) {
      const text = flat[locale]![key]!;
      expect(text.trim(), `${locale}: ${key}`).not.toBe('');
      expect(placeholders(text), `${locale}: ${key}`).toEqual(placeholders(flat.en![key]!));
    }
  });

  it.each(locales.filter((l) => l !== 'en'))('%s is translated, not English pasted in', (locale) => {
    const same = englishKeys.filter((k) => flat[locale]![k] === flat.en![k]);
    // Words such as "Cookies" or "Feedback" may be the same; whole sentences may not.
    expect(same.filter((k) => flat.en![k]!.split(' ').length > 3)).toEqual([]);
    expect(same.length / englishKeys.length).toBeLessThan(0.15);
  });
});
