import 'server-only';
import { fieldsInOrder, plainValue, type FieldRow } from '@/features/forms/server';
import { officeT } from '@/server/office/office-t';

// An application or a CV on spec as the recruiters read it, on the applicant's page and in their
// mail: who, how to reach them, what for, where they are, when they can start, what they wrote.

const ORDER = ['name', 'email', 'phone', 'target', 'position', 'currentLocation', 'residence', 'availabilityWeeks', 'noticePeriod', 'info'];

/**
 * The fields of an applicant's form, in words and in the order above, in the member's language.
 * What they applied for is named by its title with a link to it in the office (a job's page, the
 * open positions); the upload's id and the copy of the job's title stored with it are not fields.
 */
export function applicantFieldRows(type: string, form: Record<string, unknown>, locale: string): FieldRow[] {
  const t = officeT(locale, 'Applicants');
  const target = form.target as { kind?: unknown; id?: unknown } | undefined;
  const job = form.job as { title?: unknown } | undefined;
  const title = typeof job?.title === 'string' ? job.title : '';
  const id = typeof target?.id === 'string' ? target.id : '';
  const appliedFor = (): FieldRow => {
    if (target?.kind === 'job') return { label: t('fieldNames.job'), value: title || id, href: `/office/jobs/${encodeURIComponent(id)}` };
    if (target?.kind === 'position')
      return { label: t('fieldNames.openPosition'), value: title || id, href: `/office/positions#position-${encodeURIComponent(id)}` };
    return { label: t('fieldNames.target'), value: t('onSpec') };
  };
  // An application names the job's own position with its title; a record without one keeps it.
  const skip = ['fileId', 'job', ...(target ? ['position'] : [])];
  const entries = fieldsInOrder({ ...form, target: target ?? (type === 'cv' ? 'onSpec' : undefined) }, ORDER, skip);
  return entries.map(([k, v]): FieldRow => {
    if (k === 'target') return appliedFor();
    const label = t.has(`fieldNames.${k}` as never) ? t(`fieldNames.${k}` as never) : k;
    if (k === 'availabilityWeeks' && typeof v === 'number') return { label, value: t('availability', { weeks: v }) };
    return { label, value: plainValue(v) };
  });
}
