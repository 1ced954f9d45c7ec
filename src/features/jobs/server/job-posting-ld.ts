import 'server-only';
import type { JobRow } from './jobs-table';
import { escapeHtml } from '@/server/html/sanitize';

const unitText: Record<string, string> = { year: 'YEAR', month: 'MONTH', day: 'DAY', hour: 'HOUR' };
const regions: Record<string, { '@type': string; name: string }> = {
  europe: { '@type': 'AdministrativeArea', name: 'Europe' },
  america: { '@type': 'AdministrativeArea', name: 'Americas' },
  asia: { '@type': 'AdministrativeArea', name: 'Asia' },
};

function place(clientLocation: string | null) {
  if (!clientLocation) return undefined;
  const parts = clientLocation.split(',').map((p) => p.trim());
  const country = parts.at(-1)!;
  return { locality: parts.length > 1 ? parts[0] : undefined, country };
}

/**
 * schema.org JobPosting for search engines: the properties Google requires (title, description,
 * datePosted, hiringOrganization, jobLocation or TELECOMMUTE with applicantLocationRequirements)
 * and the recommended ones the job has.
 */
export function jobPostingJsonLd(job: JobRow, { siteName, url }: { siteName: string; url: string }) {
  const location = place(job.clientLocation);
  const remote = job.remoteAllowance === 'fullremote';
  const applicantLocations = job.candidateLocations
    .map((l) => (l === 'sametimezone' ? (location ? { '@type': 'Country', name: location.country } : undefined) : regions[l]))
    .filter(Boolean);
  if (remote && applicantLocations.length === 0 && location) applicantLocations.push({ '@type': 'Country', name: location.country });
  // Without a place (on-site) or an applicant region (remote) the posting would be invalid: none.
  if (remote ? applicantLocations.length === 0 : !location) return null;
  const employmentType = [job.contractType === 'freelance' ? 'CONTRACTOR' : job.workSchedule === 'parttime' ? 'PART_TIME' : 'FULL_TIME'];
  const organization = job.company ?? siteName;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.position,
    description: job.descriptionHtml ?? `<p>${escapeHtml(job.shortDescription)}</p>`,
    identifier: { '@type': 'PropertyValue', name: organization, value: job.id },
    datePosted: job.createdAt.toISOString(),
    ...(job.validThrough ? { validThrough: job.validThrough.toISOString() } : {}),
    employmentType,
    hiringOrganization: { '@type': 'Organization', name: organization },
    ...(remote
      ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: applicantLocations }
      : {
          jobLocation: {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              ...(location?.locality ? { addressLocality: location.locality } : {}),
              addressCountry: location?.country ?? '',
            },
          },
          ...(applicantLocations.length ? { applicantLocationRequirements: applicantLocations } : {}),
        }),
    ...(job.salaryCurrency && job.salaryPeriod && (job.salaryMin != null || job.salaryMax != null)
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: job.salaryCurrency,
            value: {
              '@type': 'QuantitativeValue',
              ...(job.salaryMin != null ? { minValue: job.salaryMin } : {}),
              ...(job.salaryMax != null ? { maxValue: job.salaryMax } : {}),
              unitText: unitText[job.salaryPeriod],
            },
          },
        }
      : {}),
    // Without a link of its own, a job is applied for on this site, in one short form.
    directApply: !job.applyUrl,
    url,
  };
}

/** JSON for a <script> element: `<` escaped so the text can never close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
