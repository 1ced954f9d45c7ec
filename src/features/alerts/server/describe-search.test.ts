import { describe, expect, it } from 'vitest';
import { describeSearch } from './describe-search';

const search = { dashboard: 'frontendjobs', queryText: 'react', filters: { remote_work_allowance: 'fullremote' } } as const;

describe('a search in words, as the alert mails quote it', () => {
  it('quotes the words typed with the inner quotes of the language, never the same quotes twice', () => {
    expect(describeSearch(search as never, 'en')).toBe('Frontend jobs · ‘react’ · Fully remote');
    expect(describeSearch(search as never, 'es')).toBe('Empleos de frontend · “react” · Totalmente en remoto');
    expect(describeSearch(search as never, 'de')).toMatch(/ · ‚react‘ · /);
  });
});
