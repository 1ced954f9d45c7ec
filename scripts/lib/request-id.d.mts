/** See request-id.mjs. */
export function requestIdOf(incoming: string | string[] | null | undefined): string;
