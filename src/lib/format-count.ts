/**
 * A count in the visitor's language: 1,234, 1.234 or 1 234. The site's languages write numbers
 * under 1,000 in plain digits, so those (most counts) need no formatter, costly to build in a
 * phone's browser. A module of its own: the job board's browser code needs this and none of
 * intl-format.ts's other formatters.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function formatCount(n: number, locale: string): string {
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(n);
}
