'use client';

import { useRouter } from 'next/navigation';
import { ScheduleBody } from '@/features/pages/schedule-schema';
import { ConfirmAction } from '../../_ui/confirm-action';
import { Field, FormAlert, secondaryButtonClass } from '../../_ui/field';
import { officeFetch } from '../../_ui/office-fetch';
import { useOfficeT } from '../../_ui/t';
import { useOfficeForm } from '../../_ui/use-office-form';

/**
 * Publishing the saved draft later: a date and time on the office's clock (Madrid, as every date
 * the office shows), which the queue keeps to; while one is set, when and by whom, and a way to
 * take it back.
 */
export function CopySchedule({
  page,
  locale,
  hasDraft,
  scheduled,
}: {
  page: string;
  locale: string;
  hasDraft: boolean;
  /** The time, written in the member's language, and who set it. */
  scheduled: { when: string; by: string } | null;
}) {
  const t = useOfficeT('Content');
  const router = useRouter();
  const path = `/content/${page}/${locale}/schedule`;
  const form = useOfficeForm({
    schema: ScheduleBody,
    send: async (body) => {
      await officeFetch(path, { method: 'PUT', body });
      router.refresh();
    },
  });
  return (
    <section aria-labelledby="schedule" className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="schedule" className="text-lg font-semibold">
        {t('schedule')}
      </h2>
      <FormAlert message={form.alert} />
      {scheduled ? (
        <>
          <p className="text-sm">{t('scheduledFor', { date: scheduled.when, name: scheduled.by })}</p>
          <ConfirmAction
            label={t('unschedule')}
            question={t('unscheduleQuestion')}
            onConfirm={async () => {
              try {
                await officeFetch(path, { method: 'DELETE' });
                router.refresh();
              } catch (err) {
                form.fail(err);
              }
            }}
          />
        </>
      ) : hasDraft ? (
        <form noValidate className="grid gap-3" onSubmit={form.onSubmit}>
          <Field label={t('scheduleAt')} name="at" type="datetime-local" required error={form.errors.at} />
          <button type="submit" className={secondaryButtonClass} disabled={form.busy}>
            {t('schedulePublish')}
          </button>
        </form>
      ) : (
        <p className="text-sm text-muted">{t('scheduleNeedsDraft')}</p>
      )}
    </section>
  );
}
