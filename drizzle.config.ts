import { defineConfig } from 'drizzle-kit';

// Every table lives in a file named *-table.ts or *-tables.ts, in the infrastructure or in a
// feature's server/ folder: a new feature's tables are found without a line here.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/**/*-table.ts',
    './src/server/**/*-tables.ts',
    './src/features/*/server/*-table.ts',
    './src/features/*/server/*-tables.ts',
  ],
  out: './drizzle',
});
