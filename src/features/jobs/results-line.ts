/** The board's line above its results: "Displaying 20 results of 301", "Displaying 1 result". */
export function resultsLine(
  labels: { results: string; resultsMany: string; resultsOne: string; resultsOneOf: string },
  { shown, total, capped }: { shown: number; total: number; capped: boolean },
  count: (n: number) => string,
): string {
  const template =
    shown === 1 && total === 1 && !capped
      ? labels.resultsOne
      : capped
        ? labels.resultsMany
        : shown === 1
          ? labels.resultsOneOf
          : labels.results;
  return template.replace('{shown}', count(shown)).replace('{total}', count(total));
}
