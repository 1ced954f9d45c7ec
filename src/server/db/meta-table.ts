import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Facts about the installation itself, e.g. that the demo data was loaded once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
