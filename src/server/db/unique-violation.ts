/** A unique constraint refused the statement (PostgreSQL and PGlite report SQLSTATE 23505, maybe wrapped by drizzle). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (
    let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return e.constraint === constraint || !!e.message?.includes(constraint);
  }
  return false;
}
