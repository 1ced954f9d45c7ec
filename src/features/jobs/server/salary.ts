import 'server-only';
import { numberFormat } from '@/lib/intl-format';
import type { Dashboard, remunerationRanges } from '../search';

/**
 * Fixed conversion rates to US dollars, for the remuneration filter only (its ranges are in USD a
 * year). Salaries are always shown in their own currency; a rate change of a few percent moves a
 * job across a range boundary at most.
 */
const usdRates: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27, CHF: 1.13 };
/** Working periods in a year: 220 working days, 8 hours each. */
const periodsPerYear: Record<string, number> = { year: 1, month: 12, day: 220, hour: 1760 };

export interface Salary {
  min: number | null;
  max: number | null;
  currency: string | null;
  period: string | null;
}

/** The midpoint of the range, as US dollars a year; null when there is no usable salary. */
export function salaryUsdYear({ min, max, currency, period }: Salary): number | null {
  const amount = min != null && max != null ? (min + max) / 2 : (min ?? max);
  if (amount == null || !currency || !period) return null;
  const rate = usdRates[currency];
  const factor = periodsPerYear[period];
  if (!rate || !factor) return null;
  return Math.round(amount * rate * factor);
}

/** '€60,000 – €80,000 a year' in the visitor's language; null when there is no salary. */
export function formatSalary(salary: Salary, locale: string, periodLabel: (period: string) => string): string | null {
  const { min, max, currency, period } = salary;
  if ((min == null && max == null) || !currency || !period) return null;
  const money = numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
  const amount = min != null && max != null && min !== max ? money.formatRange(min, max) : money.format((min ?? max)!);
  return `${amount} ${periodLabel(period)}`;
}

/** The remuneration filter's limits in US dollars a year (spec: under 50,000, 50,000 to 100,000, over 100,000). */
export const REMUNERATION_LIMITS_USD = { low: 50_000, high: 100_000 } as const;

/** The currency the salary filter speaks on a board: the Swiss board's jobs pay in francs, the others in euros. */
function boardCurrency(dashboard: Dashboard): 'CHF' | 'EUR' {
  return dashboard === 'swisstechjobs' ? 'CHF' : 'EUR';
}

type RangeLabels = Record<(typeof remunerationRanges)[number], string>;

/**
 * The salary filter's options in the board's currency and the visitor's language: its limits
 * converted at the rates that place a job in a range (salaryUsdYear), rounded to the thousand. `templates` are the messages, with `{min}` and `{max}`.
 */
export function remunerationRangeLabels(locale: string, dashboard: Dashboard, templates: RangeLabels): RangeLabels {
  const currency = boardCurrency(dashboard);
  const money = numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
  // Said in round thousands ("Under €46,000"); the filter compares with the exact conversion.
  const [low, high] = [REMUNERATION_LIMITS_USD.low, REMUNERATION_LIMITS_USD.high].map((usd) =>
    money.format(Math.round(usd / usdRates[currency]! / 1000) * 1000),
  );
  return {
    lessfifty: templates.lessfifty.replace('{max}', low!),
    between: templates.between.replace('{min}', low!).replace('{max}', high!),
    higherthan: templates.higherthan.replace('{min}', high!),
  };
}

/** The board's filter options in words, the salary ranges with their limits filled in (remunerationRangeLabels). */
export function boardFilterOptions<O extends { remuneration_range: RangeLabels }>(locale: string, dashboard: Dashboard, options: O): O {
  return { ...options, remuneration_range: remunerationRangeLabels(locale, dashboard, options.remuneration_range) };
}
