/**
 * Thirteen weekly counts as bars, drawn on the server (no script): this week is the last bar, in
 * the darker colour. The figures are written beside it; the SVG is a picture of them.
 */
export function WeekChart({ counts, label }: { counts: number[]; label: string }) {
  const max = Math.max(1, ...counts);
  const width = 260;
  const height = 64;
  const gap = 4;
  const bar = (width - gap * (counts.length - 1)) / counts.length;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      height={height}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
      className="max-w-xs"
    >
      {counts.map((n, i) => {
        const h = n === 0 ? 1 : Math.max(3, (n / max) * (height - 2));
        return (
          <rect
            key={i}
            x={i * (bar + gap)}
            y={height - h}
            width={bar}
            height={h}
            rx={1.5}
            className={i === counts.length - 1 ? 'fill-brand-700' : 'fill-brand-100'}
          />
        );
      })}
    </svg>
  );
}
