import type { ReactNode } from 'react';
import Link from 'next/link';
import type { Staff } from '@/server/office/access';
import type { OfficePage } from '@/server/office/page-roles';
import { OfficeShell } from './office-shell';

/**
 * A record's page in the office: the way back to its list (`current`), then what the record is in
 * the wide column, beside what is done with it (`side`).
 */
export function RecordPage({
  staff,
  current,
  title,
  back,
  side,
  children,
}: {
  staff: Staff;
  current: OfficePage;
  title: string;
  /** The words of the way back. */
  back: string;
  side: ReactNode;
  children: ReactNode;
}) {
  return (
    <OfficeShell staff={staff} current={current} title={title}>
      <Link href={current} className="text-sm text-brand-700 underline">
        ← {back}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">{children}</div>
        <div className="grid content-start gap-6">{side}</div>
      </div>
    </OfficeShell>
  );
}
