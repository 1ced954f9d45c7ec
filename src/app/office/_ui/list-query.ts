import type { z } from 'zod';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A list page's filters from its address, checked by the same schema as its API route (an invalid
 * address shows the unfiltered list), and the address of another page with the same filters.
 */
export async function listQuery<S extends z.ZodType<Record<string, string | undefined>>>(searchParams: SearchParams, schema: S) {
  const raw = Object.fromEntries(
    Object.entries(await searchParams).flatMap(([k, v]) => (typeof v === 'string' && v !== '' ? [[k, v]] : [])),
  );
  const parsed = schema.safeParse(raw);
  const query = (parsed.success ? parsed.data : {}) as Partial<z.infer<S>>;
  const filters = Object.fromEntries(Object.entries(query).filter(([k, v]) => k !== 'after' && v !== undefined)) as Record<string, string>;
  return {
    query,
    filters,
    /** The query string of these filters, with `extra` (the next page's cursor). */
    params: (extra: Record<string, string> = {}) => new URLSearchParams({ ...filters, ...extra }).toString(),
  };
}
