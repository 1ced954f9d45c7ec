import 'server-only';
import type { JobInput } from './job-input';
// The roles, companies and phrases the demo jobs are made of (demo-jobs.ts puts them together):
// data, in a file of its own, typed here.
import data from './demo-jobs.json';

type Industry = JobInput['industry'];
export type Region = 'CH' | 'ES' | 'EU' | 'UK' | 'NA';

interface Role {
  key: string;
  /** Titles without a level; a title may bring a tag of its own. */
  titles: (string | [string, string])[];
  tags: string[];
  /** Up to two of these join the tags. */
  extra: string[];
  frontend: boolean;
  /** Which levels the title takes: junior, mid (no prefix), senior, lead. */
  levels?: Level['key'][];
  /** The kind of person: engineers write code, leads lead. */
  kind?: 'engineer' | 'lead';
  does: string[];
  needs: string[];
  plus: string[];
  /** Where the role sits, a sentence for "The role". */
  context: string[];
  /** What the role works on, when it is not one of the company's products. */
  subject?: string;
}

interface Level {
  key: 'junior' | 'mid' | 'senior' | 'lead';
  prefix: string;
  years: string;
  pay: number;
}

interface Company {
  name: string;
  industry: Industry;
  region: Region;
  offices: string[];
  /** What it does, after its name: "… builds …". */
  about: string;
  /** A second sentence: size, age, ownership. */
  more: string;
  products: string[];
}

interface DemoData {
  roles: Role[];
  levels: Level[];
  companies: Company[];
  regionPlaces: Record<Region, { currency: NonNullable<JobInput['salary_currency']>; base: number; language: string[] }>;
  /** Listings of recruiters who do not name the company yet: an industry and a place. */
  undisclosed: { industry: Industry; region: Region; what: string; offices: string[] }[];
  teams: string[];
  teamKinds: string[];
  headings: Record<'does' | 'needs' | 'plus' | 'offer' | 'hiring', string[]>;
  benefits: Record<Region, string[]>;
  commonBenefits: string[];
  engineerDoes: string[];
  leadDoes: string[];
  engineerNeeds: string[];
  leadNeeds: string[];
  freelanceTerms: string[];
  hiringSteps: string[];
}

export const {
  roles,
  levels,
  companies,
  regionPlaces,
  undisclosed,
  teams,
  teamKinds,
  headings,
  benefits,
  commonBenefits,
  engineerDoes,
  leadDoes,
  engineerNeeds,
  leadNeeds,
  freelanceTerms,
  hiringSteps,
} = data as DemoData;
