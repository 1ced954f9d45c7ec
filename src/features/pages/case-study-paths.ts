/** The case studies' addresses, and the routes that render them (revalidated on every publish). */
export const CASE_STUDIES_PATH = '/case-studies';
export const caseStudyPath = (slug: string) => `${CASE_STUDIES_PATH}/${slug}`;
export const CASE_STUDY_ROUTES = ['/[locale]/case-studies', '/[locale]/case-studies/[slug]'];
