import { describe, expect, it } from 'vitest';
import { localizedLocation } from './location';

describe('a job location', () => {
  it('is shown in the visitor language: country and well-known city', () => {
    expect(localizedLocation('Geneva, Switzerland', 'de')).toBe('Genf, Schweiz');
    expect(localizedLocation('Madrid, Spain', 'es')).toBe('Madrid, España');
    expect(localizedLocation('Madrid, Spain', 'fr')).toBe('Madrid, Espagne');
    expect(localizedLocation('Zürich, Switzerland', 'it')).toBe('Zurigo, Svizzera');
    expect(localizedLocation('New York, USA', 'es')).toBe('Nueva York, Estados Unidos');
    expect(localizedLocation('London, United Kingdom', 'en')).toBe('London, United Kingdom');
  });

  it('keeps what it does not know as sent', () => {
    expect(localizedLocation('Remote', 'de')).toBe('Remote');
    expect(localizedLocation('Springfield, Nowhere', 'it')).toBe('Springfield, Nowhere');
  });
});
