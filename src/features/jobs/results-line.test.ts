import { describe, expect, it } from 'vitest';
import { messages } from '@/i18n/messages';
import { resultsLine } from './results-line';

const line = (shown: number, total: number, capped = false, locale: keyof typeof messages = 'en') =>
  resultsLine(messages[locale].Jobs, { shown, total, capped }, String);

describe('the line above the board’s results', () => {
  it('counts one result as one', () => {
    expect(line(1, 1)).toBe('Displaying 1 result');
    expect(line(1, 21)).toBe('Displaying 1 result of 21');
    expect(line(20, 301)).toBe('Displaying 20 results of 301');
    expect(line(20, 1000, true)).toBe('Displaying 20 results of more than 1000');
    expect(line(1, 1, false, 'es')).toBe('Mostrando 1 resultado');
    expect(line(1, 1, false, 'de')).toBe('1 Ergebnis wird angezeigt');
  });
});
