import type { Messages } from '@/i18n/messages';
import type { JobPostLabels } from './job-post-form';

/** What the posting pages hand their client components: only the strings those show. */
export function postingLabels(m: Messages): JobPostLabels {
  return { post: m.JobPost, forms: m.Forms, jobs: { dashboards: m.Jobs.dashboards, filters: m.Jobs.filters, options: m.Jobs.options } };
}
