// The quote request's choices, apart from the schema so the form can show them before zod loads.
export const quoteNeeds = ['new_product', 'existing_product', 'team', 'cloud', 'data', 'other'] as const;
export const quoteTimelines = ['asap', 'quarter', 'half_year', 'exploring'] as const;
export const quoteBudgets = ['under_20k', '20k_50k', '50k_150k', 'over_150k', 'unknown'] as const;
