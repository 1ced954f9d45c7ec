import { describe, expect, it } from 'vitest';
import { officeMessages } from './office-messages';

const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];

describe('the office messages', () => {
  it('have the same keys in English and Spanish, none empty', () => {
    expect(keys(officeMessages.es).toSorted()).toEqual(keys(officeMessages.en).toSorted());
    const empty = (['en', 'es'] as const).flatMap((l) =>
      keys(officeMessages[l]).filter((k) => !k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], officeMessages[l])),
    );
    expect(empty).toEqual([]);
  });
});
