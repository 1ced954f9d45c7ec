// The office's lists are read newest first, a page at a time, keyed on a row's time and id: the
// cursor in a list's address is the last row of the page before, as `<ISO time>_<id>`.

/** The rows of a page of an office list. */
export const LIST_PAGE = 50;

/**
 * A list's period from its address: `from` and `to` are whole days (YYYY-MM-DD), UTC, `to`
 * included, as a start and an end before which rows fall.
 */
export function daysOf(q: { from?: string; to?: string }): { from?: Date; to?: Date } {
  return {
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000) : undefined,
  };
}

/** A page's cursor: the last row's time and id. */
export function cursorOf(after: string | undefined): { at: Date; id: string } | undefined {
  if (after?.[24] !== '_') return undefined;
  const at = after.slice(0, 24);
  const id = after.slice(25);
  return id && !Number.isNaN(Date.parse(at)) ? { at: new Date(at), id } : undefined;
}

type Dated = { createdAt: Date; id: string } | { at: Date; id: string };

/**
 * A page of a list read with one row more than it shows (`limit + 1`): the rows to show, and the
 * cursor of the next page only when that extra row exists. A page of exactly `limit` rows is then
 * the last one, not a link to an empty page.
 */
export function pageOf<T extends Dated>(found: T[], limit: number): { rows: T[]; next: string | null } {
  const rows = found.slice(0, limit);
  const last = found.length > limit ? rows.at(-1) : undefined;
  return { rows, next: last ? `${('createdAt' in last ? last.createdAt : last.at).toISOString()}_${last.id}` : null };
}
