import { describe, expect, it } from 'vitest';
import { applicantFieldRows } from './applicant-fields';

// The form as submitApplication stores it (jsonb gives the keys back in an order of its own).
const application = {
  fileId: 'f'.repeat(22),
  noticePeriod: 'One month',
  availabilityWeeks: 4,
  job: { title: 'Acme - Platform Engineer', url: 'https://example.com/jobs/all/specs/j1' },
  target: { kind: 'job', id: 'j1' },
  position: 'Platform Engineer',
  currentLocation: 'Valencia',
  email: 'ana@example.com',
  name: 'Ana',
  phone: '+34 600 000 000',
  residence: '',
};

describe("an applicant's fields, as recruiters read them", () => {
  it('name the job by its title with its office page, leave out the file, and keep a fixed order', () => {
    expect(applicantFieldRows('job_application', application, 'en')).toEqual([
      { label: 'Name', value: 'Ana' },
      { label: 'Email', value: 'ana@example.com' },
      { label: 'Phone', value: '+34 600 000 000' },
      { label: 'Job', value: 'Acme - Platform Engineer', href: '/office/jobs/j1' },
      { label: 'Current location', value: 'Valencia' },
      { label: 'Available', value: 'In 4 weeks' },
      { label: 'Notice period', value: 'One month' },
    ]);
  });

  it('name an open position with its place in the office, and a CV on spec as such, in the member’s language', () => {
    const position = { ...application, target: { kind: 'position', id: 'launch-engineer' }, job: { title: 'Launch engineer' } };
    const rows = applicantFieldRows('job_application', { ...position, availabilityWeeks: 0 }, 'de');
    expect(rows[3]).toEqual({ label: 'Offene Stelle', value: 'Launch engineer', href: '/office/positions#position-launch-engineer' });
    expect(rows.find((r) => r.label === 'Verfügbar')?.value).toBe('Sofort');
    expect(applicantFieldRows('cv', { info: 'Frontend, remote', fileId: 'f'.repeat(22), email: 'cv@example.com' }, 'es')).toEqual([
      { label: 'Correo', value: 'cv@example.com' },
      { label: 'Candidatura a', value: 'CV espontáneo' },
      { label: 'Mensaje', value: 'Frontend, remote' },
    ]);
  });
});
