/** See if-none-match.mjs. */
export function ifNoneMatches(header: string, etag: string): boolean;
