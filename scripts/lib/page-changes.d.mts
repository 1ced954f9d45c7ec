/** See page-changes.mjs. */
export function pageChanges(): number;
export function pagesChanged(): void;
export function lookupSeen(): void;
export function watchLookups<T>(handle: () => T): { result: T; seen: { lookups: number } };
