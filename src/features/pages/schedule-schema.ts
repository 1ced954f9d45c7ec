import { z } from 'zod';

/**
 * A scheduled publish of a page's draft: a date and time as the office writes them, in the
 * office's time zone (Europe/Madrid, as every office date), which the server turns into an instant.
 */
// Without an offset: the time is the office's, not the browser's or UTC.
export const ScheduleBody = z.object({ at: z.iso.datetime({ local: true }).regex(/T\d{2}:\d{2}(:\d{2})?$/) });
