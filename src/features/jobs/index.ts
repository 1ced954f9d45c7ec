// The jobs feature's public entry for other features' client code (checked by lint,
// eslint.config.mjs): the board's dashboards and filters and its search in the address, without
// the zod schemas (those are '@/features/jobs/schema') or the server's code ('@/features/jobs/server').
export * from './search';
