/**
 * Where a member goes after signing in: the office page they had opened (`?next=` of the sign-in
 * page), when it is one; anything else (another origin, `//host`, `/\host`, an encoded slash, a
 * path outside the office) goes to the dashboard. Shared by the redirect and the sign-in form.
 */
export function officeReturnPath(next: string | null | undefined): `/office${string}` {
  if (!next || next.length > 500) return '/office';
  // Only the office's own path characters: no backslash, no percent-encoding of a separator, no dot segments.
  if (!/^\/office(\/[\w-]+)*\/?(\?[\w\-=&.%+]*)?$/.test(next) || /%(2f|5c)/i.test(next)) return '/office';
  return next as `/office${string}`;
}
