import { describe, expect, it } from 'vitest';
import { taxesOf, taxLabel } from './invoices';

describe('the taxes an invoice shows', () => {
  it('takes them out of the total paid, net and taxes adding up to it to the cent', () => {
    expect(taxesOf(120_000, [{ label: 'VAT 21%', rate: 21 }])).toEqual({
      netCents: 99_174,
      taxes: [{ label: 'VAT 21%', rate: 21, cents: 20_826 }],
    });
    const two = taxesOf(10_001, [
      { label: 'A', rate: 10 },
      { label: 'B', rate: 5 },
    ]);
    expect(two.netCents + two.taxes.reduce((s, t) => s + t.cents, 0)).toBe(10_001);
    expect(two.netCents).toBe(8697);
  });

  it('names VAT in the invoice language, and any other tax as configured', () => {
    const vat = { label: 'VAT 21%', rate: 21 };
    expect(['en', 'es', 'fr', 'de', 'it'].map((l) => taxLabel(vat, l as never))).toEqual([
      'VAT 21%',
      'IVA 21%',
      'TVA 21\u00a0%',
      'MwSt. 21\u00a0%',
      'IVA 21%',
    ]);
    expect(taxLabel({ label: 'VAT', rate: 10.5 }, 'es')).toBe('IVA 10,5%');
    expect(taxLabel({ label: 'IGIC 7%', rate: 7 }, 'es')).toBe('IGIC 7%');
  });

  it('shows the total as the net amount when no tax is configured', () => {
    expect(taxesOf(5000, [])).toEqual({ netCents: 5000, taxes: [] });
  });
});
