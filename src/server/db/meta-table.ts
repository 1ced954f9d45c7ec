import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the installation itself, e.g. that the demo data was loaded once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { precision: 3, withTimezone: true }).notNull().defaultNow(),
});
