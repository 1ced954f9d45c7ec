import type { z } from 'zod';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A list page's filters from its address (`path`), checked by the same schema as its API route (an
 * invalid address shows the unfiltered list), and the addresses of other pages with the same filters.
 */
export async function listQuery<S extends z.ZodType<Record<string, string | undefined>>>(
  searchParams: SearchParams,
  schema: S,
  path: string,
) {
  const raw = Object.fromEntries(
    Object.entries(await searchParams).flatMap(([k, v]) => (typeof v === 'string' && v !== '' ? [[k, v]] : [])),
  );
  const parsed = schema.safeParse(raw);
  const query = (parsed.success ? parsed.data : {}) as Partial<z.infer<S>>;
  const filters = Object.fromEntries(Object.entries(query).filter(([k, v]) => k !== 'after' && v !== undefined)) as Record<string, string>;
  const params = (extra: Record<string, string> = {}) => new URLSearchParams({ ...filters, ...extra }).toString();
  return {
    path,
    query,
    filters,
    /** The query string of these filters, with `extra`. */
    params,
    /** The addresses of the list's first page (from a later one) and of its next (`next`: the list's cursor, null on the last). */
    pages: (next: string | null) => ({
      first: query.after ? `${path}?${params()}` : undefined,
      next: next ? `${path}?${params({ after: next })}` : undefined,
    }),
  };
}

/** A list page's address and filters, as its filter form reads them. */
export type ListQuery = Pick<Awaited<ReturnType<typeof listQuery>>, 'path' | 'filters'>;
