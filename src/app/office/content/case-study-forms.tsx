'use client';

import { useRouter } from 'next/navigation';
import { HOME_PLACES, HomePlace, NewCaseStudy } from '@/features/pages/case-study-schema';
import { Choice } from '../_ui/choice';
import { Field, FormAlert, secondaryButtonClass } from '../_ui/field';
import { officeFetch } from '../_ui/office-fetch';
import { useOfficeT } from '../_ui/t';
import { useOfficeForm } from '../_ui/use-office-form';

/** A new case study: its address; its copy is then written, language by language, in the editor. */
export function NewCaseStudyForm() {
  const t = useOfficeT('Content');
  const router = useRouter();
  const form = useOfficeForm({
    schema: NewCaseStudy,
    send: async (body) => {
      const created = await officeFetch<{ id: string }>('/case-studies', { method: 'POST', body });
      router.push(`/office/content/case-study-${created.id}?locale=en`);
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid max-w-xl gap-3">
      <FormAlert message={form.alert} />
      <Field label={t('newCaseStudySlug')} hint={t('newCaseStudyHint')} name="slug" required error={form.errors.slug} />
      <button type="submit" className={`${secondaryButtonClass} justify-self-start`} disabled={form.busy}>
        {t('newCaseStudy')}
      </button>
    </form>
  );
}

/** Where the case study stands on the home page: one of its places, or not there. */
export function HomePlaceForm({ id, homeRank }: { id: string; homeRank: number | null }) {
  const t = useOfficeT('Content');
  const router = useRouter();
  const form = useOfficeForm({
    schema: HomePlace,
    body: (fields) => ({ homeRank: fields.homeRank ? Number(fields.homeRank) : null }),
    send: async (body) => {
      await officeFetch(`/case-studies/${id}/home`, { method: 'PUT', body });
      router.refresh();
    },
  });
  const options = [
    { value: '', label: t('homeNone') },
    ...Array.from({ length: HOME_PLACES }, (_, i) => ({ value: String(i + 1), label: t('homePlace', { place: i + 1 }) })),
  ];
  return (
    <section aria-labelledby="home-place" className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="home-place" className="text-lg font-semibold">
        {t('homeHeading')}
      </h2>
      <FormAlert message={form.alert} />
      <form noValidate onSubmit={form.onSubmit} className="grid gap-3">
        <Choice label={t('homeLabel')} name="homeRank" defaultValue={homeRank ? String(homeRank) : ''} options={options} />
        <button type="submit" className={secondaryButtonClass} disabled={form.busy}>
          {t('homeSave')}
        </button>
      </form>
    </section>
  );
}

/** The case study's address: a new one leaves the old address leading to it (308). */
export function SlugForm({ id, slug }: { id: string; slug: string }) {
  const t = useOfficeT('Content');
  const router = useRouter();
  const form = useOfficeForm({
    schema: NewCaseStudy,
    send: async (body) => {
      await officeFetch(`/case-studies/${id}/slug`, { method: 'PUT', body });
      router.refresh();
    },
  });
  return (
    <section aria-labelledby="case-address" className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="case-address" className="text-lg font-semibold">
        {t('addressHeading')}
      </h2>
      <FormAlert message={form.alert} />
      <form noValidate onSubmit={form.onSubmit} className="grid gap-3">
        <Field label={t('addressLabel')} hint={t('addressHint')} name="slug" defaultValue={slug} required error={form.errors.slug} />
        <button type="submit" className={secondaryButtonClass} disabled={form.busy}>
          {t('addressSave')}
        </button>
      </form>
    </section>
  );
}
