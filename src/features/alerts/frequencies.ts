// How often alerts are mailed, apart from the schema so the forms can list them before zod loads.
export const frequencies = ['weekly', 'monthly', 'quarterly'] as const;
export type Frequency = (typeof frequencies)[number];
