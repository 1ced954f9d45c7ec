/**
 * Whether an id from an address (a path segment) can be one of ours: letters, digits, `-` and `_`,
 * at most 64. Anything else is simply not found, and never reaches the database (a U+0000 there
 * would be a database error, not a 404).
 */
export const ID_PATTERN = /^[\w-]{1,64}$/;

export const isPlausibleId = (id: string) => ID_PATTERN.test(id);
