import { env } from '@/server/env';
import { InitialsAvatar } from '@/ui/brand/avatar';
import { PartnerBadge } from '@/ui/brand/partner-badge';
import { partnerBadges } from '../brand-config';
import type { AboutContent } from '../content-schema';
import { AdvisorCards } from './advisor-cards';
import { CallToAction, PageIntro } from './blocks';
import { JobsTeaser } from './jobs-teaser';
import { frame } from './views';

// Its own module: the advisors' dialog then ships with this page only, not with every
// page that imports views.tsx.
export function AboutView({ c }: { c: AboutContent }) {
  const blogUrl = env().BLOG_URL;
  const partners = partnerBadges(c.partners.badges);
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
            <li key={m.name} className="flex items-center gap-4 rounded-lg border border-gray-200 p-5">
              <InitialsAvatar name={m.name} className="h-14 w-14" />
              <div>
                <p className="font-semibold text-ink">{m.name}</p>
                <p className="mt-1 text-muted">{m.role}</p>
              </div>
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
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {partners.badges.map((b, i) => (
            <li key={b.name}>
              <PartnerBadge name={b.name} tier={b.tier} index={i} />
            </li>
          ))}
        </ul>
        {partners.examples ? (
          <p data-testid="example-partners" className="mt-3 text-xs text-muted">
            {c.partners.exampleNote}
          </p>
        ) : null}
      </section>
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        <JobsTeaser className="" />
        <CallToAction className="" heading={c.careers.heading} text={c.careers.text} href="/careers" button={c.careers.link} />
        {blogUrl && <CallToAction className="" heading={c.blog.heading} text={c.blog.text} href={blogUrl} button={c.blog.link} external />}
      </div>
    </div>
  );
}
