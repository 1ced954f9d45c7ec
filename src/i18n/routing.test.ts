import { describe, expect, it } from 'vitest';
import { localizedPath, splitLocalePath } from './routing';

describe('locale paths', () => {
  it('reads the locale from the prefix, English without one', () => {
    expect(splitLocalePath('/sp/jobs/all')).toEqual({ locale: 'es', path: '/jobs/all' });
    expect(splitLocalePath('/de')).toEqual({ locale: 'de', path: '/' });
    expect(splitLocalePath('/jobs')).toEqual({ locale: 'en', path: '/jobs' });
    expect(splitLocalePath('/sports')).toEqual({ locale: 'en', path: '/sports' });
  });

  it('gives the same page in another locale', () => {
    expect(localizedPath('/sp/contact', 'fr')).toBe('/fr/contact');
    expect(localizedPath('/it', 'en')).toBe('/');
    expect(localizedPath('/', 'es')).toBe('/sp');
  });
});
