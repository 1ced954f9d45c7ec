import { describe, expect, it } from 'vitest';
import { localizedPath, pagePath } from './routing';

describe('locale paths', () => {
  it('strips the locale part of visible and internal addresses', () => {
    expect(pagePath('/sp/jobs/all')).toBe('/jobs/all');
    expect(pagePath('/es/jobs/all')).toBe('/jobs/all');
    expect(pagePath('/en/contact')).toBe('/contact');
    expect(pagePath('/de')).toBe('/');
    expect(pagePath('/jobs')).toBe('/jobs');
    expect(pagePath('/sports')).toBe('/sports');
    expect(pagePath('/')).toBe('/');
  });

  it('gives the same page in another locale', () => {
    expect(localizedPath('/sp/contact', 'fr')).toBe('/fr/contact');
    expect(localizedPath('/it', 'en')).toBe('/');
    expect(localizedPath('/', 'es')).toBe('/sp');
    expect(localizedPath('/en/about', 'es')).toBe('/sp/about');
  });
});
