import { describe, expect, it } from 'vitest';
import { formatCourseDate, formatPrice } from '@/features/courses/format';
import { formatPostedDate } from '@/features/jobs/server/jobs-service';
import { formatCount } from './format-count';
import { dateFormat } from './intl-format';

// The formatters are kept between calls: a kept one must never answer for another language or
// other options.
describe('formatted dates and prices', () => {
  it('follow the language of each call', () => {
    expect(formatCourseDate('2026-03-05', 'en')).toBe('Mar 5, 2026');
    expect(formatCourseDate('2026-03-05', 'de')).toBe('05.03.2026');
    expect(formatCourseDate('2026-03-05', 'en')).toBe('Mar 5, 2026');
    expect(formatPostedDate(new Date('2026-03-05T23:30:00Z'), 'en')).toBe('March 5, 2026');
    expect(formatPostedDate(new Date('2026-03-05T23:30:00Z'), 'es')).toBe('5 de marzo de 2026');
  });

  it('are built once per language and options', () => {
    const options = { dateStyle: 'medium', timeZone: 'UTC' } as const;
    expect(dateFormat('en', options)).toBe(dateFormat('en', { ...options }));
    expect(dateFormat('en', options)).not.toBe(dateFormat('es', options));
  });

  it('show cents only when there are some, with the currency asked for', () => {
    expect(formatPrice(1800, 'eur', 'en')).toBe('€1,800');
    expect(formatPrice(1800.5, 'eur', 'en')).toBe('€1,800.50');
    expect(formatPrice(1800, 'usd', 'en')).toBe('$1,800');
    expect(formatPrice(1800, 'eur', 'fr')).toMatch(/^1\s800\s€$/);
  });

  it('write counts as each language does', () => {
    expect(formatCount(1234, 'de')).toBe('1.234');
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(12345, 'es')).toBe('12.345');
    expect(formatCount(1000, 'fr')).toMatch(/^1\s000$/);
    expect(formatCount(1000, 'it')).toBe('1000');
    expect(formatCount(300, 'de')).toBe('300');
  });
});
