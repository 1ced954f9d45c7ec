// The board's search without zod: the lists of the spec (section 9), the search as an address
// and back. The board loads this at once; the schemas (schema.ts) are built from the same lists.

export const dashboards = ['all', 'swisstechjobs', 'spaintechjobs', 'frontendjobs'] as const;
export type Dashboard = (typeof dashboards)[number];
export const isDashboard = (d: string): d is Dashboard => (dashboards as readonly string[]).includes(d);
/** The dashboards a job can be on ('all' shows every job). */
export const jobDashboards = ['swisstechjobs', 'spaintechjobs', 'frontendjobs'] as const;

export const industries = [
  'information_technology',
  'accounting',
  'business_services',
  'finance',
  'health_care',
  'media',
  'retail',
] as const;
export const remoteAllowances = ['fullremote', 'oneday', 'twodays', 'threedays', 'fourdays', 'todiscuss'] as const;
export const candidateLocations = ['sametimezone', 'europe', 'america', 'asia'] as const;
export const contractTypes = ['freelance', 'permanent'] as const;
export const workSchedules = ['fulltime', 'parttime'] as const;
export const remunerationRanges = ['lessfifty', 'between', 'higherthan'] as const;
export const currencies = ['USD', 'EUR', 'GBP', 'CHF'] as const;
export const salaryPeriods = ['year', 'month', 'day', 'hour'] as const;

export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_QUERY_LENGTH = 200;

const filterValueLists = {
  industry: industries,
  remote_work_allowance: remoteAllowances,
  candidate_location_allowance: candidateLocations,
  contract_type: contractTypes,
  work_schedule_type: workSchedules,
  remuneration_range: remunerationRanges,
};
type FilterLists = typeof filterValueLists;
/** The filters of a search; a missing one means "any". */
export type JobFilters = { [K in keyof FilterLists]?: FilterLists[K][number] };
export interface JobSearch {
  dashboard: Dashboard;
  queryText: string;
  filters: JobFilters;
}
export const filterValues: Record<keyof JobFilters, readonly string[]> = filterValueLists;
export const filterNames = Object.keys(filterValues) as (keyof JobFilters)[];

/** The search as URL query parameters (the board's address), and back. */
export function searchToParams(search: JobSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.queryText) params.set('q', search.queryText);
  for (const name of filterNames) {
    const value = search.filters[name];
    if (value) params.set(name, value);
  }
  return params;
}

export function searchFromParams(dashboard: Dashboard, params: URLSearchParams): JobSearch {
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const queryText = (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH).trim();
  // A hand-edited address with an unknown value falls back to no filters rather than an error page
  // (the API's JobSearch schema would refuse it).
  const known = Object.entries(filters).every(([name, value]) => filterValues[name as keyof JobFilters].includes(value));
  return { dashboard, queryText: known ? queryText : '', filters: known ? (filters as JobFilters) : {} };
}

/** How many filters (not counting the free text) a search applies. */
export function activeFilterCount(search: JobSearch): number {
  return filterNames.filter((name) => search.filters[name]).length;
}

/**
 * The board's address for a search and a page (the page's cursor with it): what the board keeps in
 * its address, and what a job page opened from it carries to lead back to the same place.
 */
export function boardQuery(search: JobSearch, page = 1, after: string | null = null): string {
  const query = searchToParams(search);
  if (page > 1 && after) {
    query.set('page', String(page));
    query.set('after', after);
  }
  return query.toString();
}

/** The page and its cursor in a board address. */
export function pageFromParams(params: URLSearchParams): { page: number; after: string | null } {
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { page, after: page > 1 ? params.get('after') : null };
}

/** Whether a board address carries a search, a filter or a page: such addresses are rendered per request (src/proxy.ts). */
export function isBoardSearch(dashboard: Dashboard, params: URLSearchParams): boolean {
  return searchToParams(searchFromParams(dashboard, params)).size > 0 || pageFromParams(params).page > 1;
}
