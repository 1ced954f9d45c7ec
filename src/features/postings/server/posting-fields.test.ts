import { describe, expect, it } from 'vitest';
import { postingFieldRows, postingPreview } from './posting-fields';

// A listing as jsonb gives it back: its keys in an order of their own (shorter keys first).
const listing = {
  apply: 'site',
  company: 'Numbat Labs',
  location: 'Berlin',
  position: 'Compiler engineer',
  dashboard: 'swisstechjobs',
  apply_url: '',
  industry: 'information_technology',
  salary_max: 95000,
  salary_min: 80000,
  tags: 'Rust, Embedded',
  description: 'We build compilers for small devices.\n\n- Rust every day\n- A team of six\n\nRemote across Europe, two meetups a year.',
  contract_type: 'permanent',
  work_schedule: 'fulltime',
  salary_period: 'year',
  salary_currency: 'EUR',
  remote_allowance: 'fullremote',
  candidate_location: 'europe',
};

describe('a posting under review', () => {
  it('shows its fields in the order of the form, each choice in the board’s words', () => {
    const rows = postingFieldRows(listing, 'en');
    expect(rows.map((r) => r.label)).toEqual([
      'Company',
      'Job title',
      'Board',
      'Industry',
      'Remote work',
      'Candidate location',
      'Contract',
      'Schedule',
      'Salary from',
      'Salary to',
      'Currency',
      'Per',
      'Location',
      'Tags',
      'Description',
      'Applications',
    ]);
    const value = (label: string) => rows.find((r) => r.label === label)?.value;
    expect(value('Board')).toBe('Swiss tech jobs');
    expect(value('Remote work')).toBe('Fully remote');
    expect(value('Candidate location')).toBe('Europe');
    expect(value('Industry')).toBe('Information technology');
    expect(value('Salary from')).toBe('80,000');
    expect(value('Applications')).toBe('On this site: our recruiters pass on the applications');
    const german = postingFieldRows(listing, 'de');
    expect(german.find((r) => r.label === 'Homeoffice')?.value).toBe('Vollständig remote');
    expect(german.find((r) => r.label === 'Gehalt von')?.value).toBe('80.000');
  });

  it('previews the job the board will show: its card and its page', () => {
    const preview = postingPreview('p1', listing, 'en', new Date('2026-12-01T10:00:00Z'))!;
    expect(preview.card).toMatchObject({
      position: 'Compiler engineer',
      company: 'Numbat Labs',
      wfh_allowance: 'fullremote',
      tags: ['Rust', 'Embedded'],
    });
    expect(preview.card.remuneration_formatted).toMatch(/80,000/);
    expect(preview.job.descriptionHtml).toContain('<li>Rust every day</li>');
    expect(postingPreview('p1', { ...listing, description: 'short' }, 'en')).toBeUndefined();
  });
});
