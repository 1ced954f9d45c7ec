// Apart from the schema, so the request page's form names the choices without loading zod before
// the visitor reaches it (decision 020).

/** A copy of one's data (GDPR articles 15 and 20), or its erasure (article 17). */
export const PRIVACY_REQUEST_KINDS = ['copy', 'erasure'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
