import { timestamp } from 'drizzle-orm/pg-core';

/**
 * A timestamp with time zone in milliseconds: JS dates round-trip exactly, so keyset cursors and
 * "since" marks never skip a row (now() would store microseconds).
 */
export const timestamptz = (name: string) => timestamp(name, { precision: 3, withTimezone: true });
