import type { z } from 'zod';
import { CaseStudyContent, pageSchemas, type ContentOf } from './content-schema';
import { isEditablePage, type EditablePage } from './editable-pages';

// What the office edits as page copy: the site's pages, by name, and each case study, by the key
// of its record. Drafts, publishing, versions and the schedule treat both alike.

export type CaseStudyKey = `case-study-${string}`;
export type CopyKey = EditablePage | CaseStudyKey;

/** A case study's address: lower-case words of letters and digits joined by hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PREFIX = 'case-study-';

export const caseStudyKey = (id: string): CaseStudyKey => `${PREFIX}${id}`;
export const caseStudyIdOf = (key: CaseStudyKey): string => key.slice(PREFIX.length);
export const isCaseStudyKey = (key: string): key is CaseStudyKey => key.startsWith(PREFIX) && SLUG.test(key.slice(PREFIX.length));
export const isCopyKey = (key: string): key is CopyKey => isEditablePage(key) || isCaseStudyKey(key);

export type CopyOf<K extends CopyKey> = K extends EditablePage ? ContentOf<K> : CaseStudyContent;

/** The schema a key's copy is checked against, at every save and publish. */
export function schemaOf(key: CopyKey): z.ZodType {
  return isCaseStudyKey(key) ? CaseStudyContent : pageSchemas[key];
}
