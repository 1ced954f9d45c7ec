// The validator check of a conditional GET, shared by the response guard and the API's searches
// by GET.

/** If-None-Match's weak comparison: any listed validator with the same opaque value, or `*`. */
export function ifNoneMatches(header: string, etag: string): boolean {
  const value = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === value;
  });
}
