// Every table of the application, for Drizzle and drizzle-kit. Features add their own here.
export * from '../mail/mail-schema';
export * from '../../features/jobs/server/jobs-table';
export * from './meta-table';
export * from '../../features/alerts/server/alerts-table';
export * from '../../features/leads/server/leads-table';
export * from '../../features/applications/server/applications-table';
export * from '../../features/accounts/server/auth-tables';
export * from '../../features/courses/server/courses-table';
