// The jobs feature's tables that another feature's tables may reference by a foreign key, and only
// they (lint: eslint.config.mjs). Not named *-table.ts: drizzle-kit finds the tables where they
// are defined.
export { jobs } from './jobs-table';
