import 'server-only';

// The jobs feature's public entry for other features' server code (checked by lint,
// eslint.config.mjs): what the alert digests read and what the postings write through.
export { localizedLocation } from '../location';
export { JobInput, toJobRow } from './job-input';
export { jobDailyStats } from './job-stats';
export { jobsChanged } from './jobs-changed';
export { findAnyJob } from './jobs-repository';
export { formatRemuneration, getJob, jobsPostedBetween, toCard } from './jobs-service';
export type { JobRow } from './jobs-table';
export { addJob, endJob, extendJob, jobEnds, replaceJobListing } from './posted-jobs';
export { boardFilterOptions } from './salary';
