import 'server-only';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from './api/app-router';
import type { OperatorCommand } from './commands/command';
import type { Database, Db } from './db';
import type { MailDefinition } from './mail/mail-types';
import type { Queue, QueueDefinition } from './queue/queue';
import type { OfficeRouter } from './office/office-routes';
import type { DashboardContribution } from './office/dashboard';

/** A retention period of the privacy policy: deletes what is past it, answers what it removed. */
interface RetentionRule {
  name: string;
  apply(db: Db, now: Date): Promise<unknown>;
}

/** One record a feature keeps about a person, for the office's "everything with this address". */
export interface PersonRecord {
  /** A lead type, `alert`, `course_order`… (the office names it). */
  kind: string;
  id: string;
  at: Date;
  /** Where it stands (a lead's status, an order's, a subscription's). */
  state: string;
  /** Its page in the office, when it has one: only members whose role opens it see the record (one without, admins only). */
  officePath?: string;
}

/** Everything a feature keeps with an email address, for a copy (GDPR articles 15 and 20). */
interface PersonData {
  /** Records by kind (`leads`, `alert_subscriptions`…), each as stored, in JSON. */
  records: Record<string, unknown[]>;
  /** Files kept with them (a CV): the name it gets in the copy and its bytes. */
  files: { name: string; bytes: Buffer }[];
}

/** What an erasure did (GDPR article 17): counts by kind, and what the law makes us keep. */
export interface PersonErasure {
  /** How many records (or files) of each kind were deleted. */
  deleted: Record<string, number>;
  /** What stays, by kind, with the ground (a key the erasure mail explains, `accounting`) and for how long. */
  kept: { kind: string; count: number; ground: string; years: number; removed: string[] }[];
}

/** A feature's part in the privacy requests: it finds, and erases, what it keeps with an address (lower-case). */
export interface PrivacyContribution {
  collect(db: Db, email: string): Promise<PersonData>;
  erase(db: Db, queue: Queue, email: string): Promise<PersonErasure>;
}

/**
 * What a feature plugs into the server (its `server/module.ts`). The infrastructure reads the list
 * of these (src/features/index.ts) and never imports a feature. Tables are not listed here: they
 * live in the feature's `server/*-table.ts` files, which drizzle.config.ts finds by name.
 */
export interface FeatureModule {
  name: string;
  /** Mounted under /rest, in the order of the feature list. */
  routes?: OpenAPIHono<ApiEnv>;
  /** Its routes in the staff office, mounted under /rest/office behind the sign-in; each names its roles. */
  office?: OfficeRouter;
  /** Its figures on the office's dashboard, each for the roles that may see it. */
  dashboard?: DashboardContribution;
  /** The records it keeps with this email address (lower-case). */
  personRecords?: (db: Db, email: string) => Promise<PersonRecord[]>;
  /** Its part in a person's copy and erasure: every feature that keeps data by email has one. */
  privacy?: PrivacyContribution;
  /** Every mail template the feature sends (the worker renders a queued mail by its name). */
  mails?: MailDefinition<never>[];
  /** Its queues, with their handler and, for ticks, their cron schedule. */
  queues?: QueueDefinition[];
  /** Run by the hourly retention job, each on its own. */
  retention?: RetentionRule[];
  /** Run at every start of a server or worker, after the migrations: inserts what must be there once. */
  seed?: (database: Database) => Promise<void>;
  /** Run at every start of a server or worker, after the seeds: what runs beside the requests. */
  start?: () => void;
  /** Run at shutdown, after the last request and before the database closes. */
  stop?: () => Promise<void>;
  /** Its operator commands (`npm run <name> -- …`), run by the site's server while it runs. */
  commands?: OperatorCommand[];
}

const key = Symbol.for('site.features');
const registry = globalThis as Record<symbol, readonly FeatureModule[] | undefined>;

/**
 * Installs the application's features; the composition root (src/features/index.ts) does this when
 * it is imported. Kept on globalThis, as the database is: Next bundles the instrumentation, pages
 * and route handlers apart, each with its own copy of the list, and the queue started by one
 * serves the others. The first copy installed stays (the instrumentation's, in the server), so the
 * worker's templates and rules never change under it.
 */
export function installFeatures(list: readonly FeatureModule[]): void {
  registry[key] ??= list;
}

/** The installed features; a process that forgot to import src/features fails loudly, not half-wired. */
export function features(): readonly FeatureModule[] {
  const list = registry[key];
  if (!list) throw new Error('No features installed: import "@/features" before starting the API, the queue or the runtime.');
  return list;
}
