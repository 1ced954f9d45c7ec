import { describe, expect, it } from 'vitest';
import { OFFICE_LOCALES } from './office-locales';
import { officeMessages } from './office-messages';

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];
const at = (messages: unknown, key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], messages);
/** The names of a message's arguments: `{name}`, `{count, plural, …}` (not the words inside a plural's branches). */
const argumentsOf = (text: string) =>
  [...new Set([...text.matchAll(/(?<!(?:=\d+|zero|one|two|few|many|other)\s*)\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].toSorted();

describe('the office messages', () => {
  it.each(OFFICE_LOCALES)('have in %s the keys and arguments of the English ones, none empty', (locale) => {
    const english = keys(officeMessages.en);
    expect(keys(officeMessages[locale]).toSorted()).toEqual(english.toSorted());
    expect(english.filter((k) => !at(officeMessages[locale], k))).toEqual([]);
    const differ = english.filter(
      (k) => argumentsOf(String(at(officeMessages[locale], k))).join() !== argumentsOf(String(at(officeMessages.en, k))).join(),
    );
    expect(differ).toEqual([]);
  });
});
