import type { ReactNode } from 'react';

// Apart from the list's shell (office-list.tsx), whose "Pages" navigation reads the office's strings
// on the server: a client component's table (the applicants' board) imports this alone.

export interface Column<R> {
  /** The column's heading (a hidden one for a column of buttons). */
  head: ReactNode;
  cell: (row: R) => ReactNode;
  /** Classes of its cells besides the padding (whitespace-nowrap, uppercase…). */
  className?: string;
  headClassName?: string;
}

/**
 * A list's table in its box. The box scrolls sideways on a phone, never the page; with `region` it
 * is focusable and named, so a keyboard can scroll it too (`label`, or the id of its heading).
 * `plain`: ruled rows without the box, for a table inside a page's section.
 */
export function OfficeTable<R extends { id: string }>({
  rows,
  columns,
  rowClassName,
  region,
  plain = false,
}: {
  rows: readonly R[];
  columns: readonly Column<R>[];
  /** Classes of every row besides its rule (align-top, hover:bg-brand-50). */
  rowClassName?: string;
  region?: { role: 'region' | 'group'; label?: string; labelledBy?: string };
  plain?: boolean;
}) {
  // The plain table's cells are spaced on their right, the last one excepted.
  const pad = (i: number) => (plain ? (i < columns.length - 1 ? 'py-2 pr-3' : 'py-2') : 'px-3 py-2');
  const classes = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
  const table = (
    <table className="w-full text-left text-sm">
      <thead className={plain ? undefined : 'bg-gray-50 text-xs tracking-wide text-muted uppercase'}>
        <tr className={plain ? 'border-b border-gray-300' : undefined}>
          {columns.map((column, i) => (
            <th key={i} scope="col" className={classes(pad(i), column.headClassName)}>
              {column.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className={classes(plain ? 'border-b border-gray-100' : 'border-t border-gray-100', rowClassName)}>
            {columns.map((column, i) => (
              <td key={i} className={classes(pad(i), column.className)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  const box = plain ? 'relative overflow-x-auto' : 'relative overflow-x-auto rounded-lg border border-gray-200 bg-white';
  if (plain && !region) return table;
  return region ? (
    <div className={box} role={region.role} aria-label={region.label} aria-labelledby={region.labelledBy} tabIndex={0}>
      {table}
    </div>
  ) : (
    <div className={box}>{table}</div>
  );
}

/** What a list (or a board) shows where it has nothing. */
export function EmptyList({ text }: { text: string }) {
  return <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-muted">{text}</p>;
}
