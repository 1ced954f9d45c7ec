import type { Locale } from '@/i18n/routing';
import { env } from '@/server/env';
import { pageContent } from '../content';
import { AdvisorCards } from './advisor-cards';
import { CallToAction, PageIntro } from './blocks';
import { JobsTeaser } from './jobs-teaser';
import { frame } from './views';

// Its own module: the advisors' dialog then ships with this page only, not with every
// page that imports views.tsx.
export function AboutView({ locale }: { locale: Locale }) {
  const c = pageContent('about', locale);
  const blogUrl = env().BLOG_URL;
  return (
    <div className={frame}>
      <PageIntro heading={c.heading} intro={c.intro} />
      <section aria-labelledby="team" className="mt-12">
        <h2 id="team" className="text-2xl font-bold tracking-tight text-ink">
          {c.team.heading}
        </h2>
        <p className="mt-2 max-w-3xl text-muted">{c.team.intro}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {c.team.members.map((m) => (
            <li key={m.name} className="rounded-lg border border-gray-200 p-5">
              <p className="font-semibold text-ink">{m.name}</p>
              <p className="mt-1 text-muted">{m.role}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="advisors" className="mt-12">
        <h2 id="advisors" className="text-2xl font-bold tracking-tight text-ink">
          {c.advisors.heading}
        </h2>
        <p className="mt-2 max-w-3xl text-muted">{c.advisors.intro}</p>
        <AdvisorCards people={c.advisors.people} readBio={c.advisors.readBio} close={c.advisors.close} />
      </section>
      <section aria-labelledby="partners" className="mt-12">
        <h2 id="partners" className="text-2xl font-bold tracking-tight text-ink">
          {c.partners.heading}
        </h2>
        <p className="mt-2 max-w-3xl text-muted">{c.partners.intro}</p>
        <ul className="mt-4 flex flex-wrap gap-3">
          {c.partners.names.map((n) => (
            <li key={n} className="rounded-full border border-gray-300 px-4 py-1.5 text-sm font-medium text-ink">
              {n}
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        <JobsTeaser className="" />
        <CallToAction className="" heading={c.careers.heading} text={c.careers.text} href="/careers" button={c.careers.link} />
        {blogUrl && <CallToAction className="" heading={c.blog.heading} text={c.blog.text} href={blogUrl} button={c.blog.link} external />}
      </div>
    </div>
  );
}
