/** The box a section of a record's page sits in. */
export const detailSection = 'grid content-start gap-3 rounded-lg border border-gray-200 bg-white p-4';

/** A record's fields as label and value; an empty value shows as a dash. */
export function DetailRows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-muted">{k}</dt>
          <dd className="break-words whitespace-pre-wrap">{v || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
