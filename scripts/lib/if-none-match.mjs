// The validator check of a conditional GET, shared by the response guard, the pages answered in
// front of Next and the API's searches by GET.

/**
 * If-None-Match's weak comparison: any listed validator with the same opaque value, or `*`.
 * @param {string} header
 * @param {string} etag
 */
export function ifNoneMatches(header, etag) {
  const value = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === value;
  });
}
