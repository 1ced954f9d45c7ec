import { z } from 'zod';
import { serviceIcons } from './service-icons';

// The shape of each page's copy (content/<page>/<locale>.json). Editors change the files; the
// schemas catch a missing or misspelled field at build time and in the unit tests.

const text = z.string().trim().min(1);
const meta = z.strictObject({ title: text, description: text });
const card = z.strictObject({ title: text, text, points: z.array(text).optional() });
const trial = z.strictObject({ heading: text, text, button: text, note: text });

export const AboutContent = z.strictObject({
  meta,
  heading: text,
  intro: text,
  team: z.strictObject({ heading: text, intro: text, members: z.array(z.strictObject({ name: text, role: text })).min(1) }),
  advisors: z.strictObject({
    heading: text,
    intro: text,
    /** The button of a card; {name} is the advisor's name. */
    readBio: text,
    close: text,
    people: z.array(z.strictObject({ name: text, role: text, bio: z.array(text).min(1) })).length(6),
  }),
  partners: z.strictObject({
    heading: text,
    intro: text,
    /** Shown under the badges while they are the examples below (PARTNER_BADGES unset). */
    exampleNote: text,
    badges: z.array(z.strictObject({ name: text, tier: text })).min(1),
  }),
  careers: z.strictObject({ heading: text, text, link: text }),
  blog: z.strictObject({ heading: text, text, link: text }),
});

export const ProcessContent = z.strictObject({
  meta,
  heading: text,
  intro: text,
  // The three stages of the spec (sales, project, delivery), named in each language.
  steps: z.array(card.extend({ label: text })).length(3),
  cta: z.strictObject({ text, link: text }),
});

export const ServicesContent = z.strictObject({
  meta,
  heading: text,
  intro: text,
  services: z.array(card.extend({ icon: z.enum(serviceIcons) })).length(6),
  cta: z.strictObject({ text, link: text }),
});

const productSlugs = ['amazonsaasboost', 'demodph_'] as const;

export const ProductsContent = z.strictObject({
  meta,
  heading: text,
  intro: text,
  products: z
    .array(z.strictObject({ slug: z.enum(productSlugs), name: text, tagline: text, text, more: text }))
    .length(productSlugs.length),
  trial,
});

export const ProductContent = z.strictObject({
  meta,
  name: text,
  tagline: text,
  intro: text,
  featuresHeading: text,
  features: z.array(card).min(3),
  trial,
});

/**
 * Legal texts. {siteName}, {companyAddress}, {privacyEmail} and {cvRetentionDays} are filled in
 * from the configuration, so the texts always state what the running site does.
 */
export const LegalContent = z.strictObject({
  meta,
  heading: text,
  updated: text,
  intro: text,
  sections: z
    .array(
      z.strictObject({
        heading: text,
        paragraphs: z.array(text).optional(),
        list: z.array(text).optional(),
        /** A page of the site the section leads to (the privacy requests). */
        link: z.strictObject({ text, href: z.string().regex(/^\/[a-z/-]+$/) }).optional(),
      }),
    )
    .min(3),
});

const figure = z.strictObject({ value: text, label: text });

/**
 * The home page: its hero and the sections below it. The services overview takes its cards from
 * the services page's copy; case studies, figures and testimonials are the consultancy's own and
 * live here. The page's title and description are the site's own (messages, Metadata).
 */
const HomeContent = z.strictObject({
  hero: z.strictObject({ eyebrow: text, title: text, lead: text, primaryCta: text, secondaryCta: text }),
  services: z.strictObject({ heading: text, intro: text, more: text }),
  /** The section's words; its case studies are the records the editor puts on the home page. */
  caseStudies: z.strictObject({ heading: text, intro: text }),
  clients: z.strictObject({
    heading: text,
    /** Shown under the client logos while they are examples (CLIENT_NAMES unset). */
    exampleNote: text,
  }),
  numbers: z.strictObject({ heading: text, items: z.array(figure).length(4) }),
  testimonials: z.strictObject({
    heading: text,
    items: z
      .array(z.strictObject({ quote: text, name: text, role: text }))
      .min(2)
      .max(3),
  }),
});

/**
 * A case study in one locale (its own record: src/features/pages/server/case-studies.ts). The
 * summary and the figures are its card on the home page and on /case-studies.
 */
export const CaseStudyContent = z.strictObject({
  meta,
  sector: text,
  client: text,
  title: text,
  summary: text,
  figures: z.array(figure).min(1).max(4),
  challenge: z.array(text).min(1),
  approach: z.array(text).min(1),
  results: z.array(text).min(1),
  quote: z.strictObject({ text, name: text, role: text }).optional(),
  services: z.array(text).max(6),
});

export type HomeContent = z.infer<typeof HomeContent>;
export type CaseStudyContent = z.infer<typeof CaseStudyContent>;
export type AboutContent = z.infer<typeof AboutContent>;
export type ProcessContent = z.infer<typeof ProcessContent>;
export type ServicesContent = z.infer<typeof ServicesContent>;
export type ProductsContent = z.infer<typeof ProductsContent>;
export type ProductContent = z.infer<typeof ProductContent>;
export type LegalContent = z.infer<typeof LegalContent>;

/** Each page's schema: the same checks the content files and every save in the office pass. */
export const pageSchemas = {
  home: HomeContent,
  about: AboutContent,
  process: ProcessContent,
  services: ServicesContent,
  products: ProductsContent,
  amazonsaasboost: ProductContent,
  demodph_: ProductContent,
  'privacy-policy': LegalContent,
  cookies: LegalContent,
  terms: LegalContent,
} as const;

export type ContentPage = keyof typeof pageSchemas;
export type ContentOf<P extends ContentPage> = z.infer<(typeof pageSchemas)[P]>;
