import { z } from 'zod';
import { SLUG } from './copy-keys';

/** How many case studies the home page shows. */
export const HOME_PLACES = 3;

/** The office's form for a new case study: its address (the same schema checks it in the API). */
export const NewCaseStudy = z.strictObject({ slug: z.string().trim().toLowerCase().min(3).max(80).regex(SLUG) });
/** Its place on the home page, or off it (null). */
export const HomePlace = z.strictObject({ homeRank: z.number().int().min(1).max(HOME_PLACES).nullable() });
