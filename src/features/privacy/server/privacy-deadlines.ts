// How long each part of a privacy request lasts.

export const DAY = 86_400_000;
/** The law's "one month" from the confirmation, counted as 30 days. */
export const DUE_DAYS = 30;
/** How long the confirmation link works; an unconfirmed request is deleted after it. */
export const CONFIRM_DAYS = 7;
/** How long the copy's download link works; the file is deleted after it. */
export const COPY_DAYS = 7;
/** How long an answered request (the address, the dates, what an erasure kept) stays as the record that it was answered. */
export const ANSWERED_KEPT_YEARS = 3;
