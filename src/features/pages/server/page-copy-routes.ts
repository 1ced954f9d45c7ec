import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody as json, jsonContent } from '@/server/api/app-router';
import { allow } from '@/server/office/access';
import { createOfficeRouter, OfficeOk as Ok } from '@/server/office/office-routes';
import { routing } from '@/i18n/routing';
import { isCopyKey, type CopyKey } from '../copy-keys';
import { HomePlace, NewCaseStudy } from '../case-study-schema';
import { createCaseStudy, moveCaseStudy, setHomePlace } from './case-studies';
import {
  discardDraft,
  listPageCopy,
  PageCopyListQuery,
  TRANSLATION_STATES,
  pageCopyOf,
  pageCopyVersionsOf,
  publishCopy,
  restoreVersion,
  saveDraft,
} from './page-copy';
import { cancelSchedule, schedulePublish } from './page-copy-schedule';
import { ScheduleBody } from '../schedule-schema';

const marketing = allow('marketing', 'admin');

/** A page's name or a case study's key (`case-study-<id>`), and a locale. */
const Page = z.object({
  page: z
    .string()
    .refine(isCopyKey)
    .transform((key) => key as CopyKey),
  locale: z.enum(routing.locales),
});
const Version = Page.extend({ version: z.coerce.number().int().min(1) });
/** The page's copy; its own schema checks it in the service, naming each field it refuses. */
const CopyBody = z.strictObject({ content: z.record(z.string(), z.unknown()) });

const State = z.object({
  page: z.string(),
  locale: z.string(),
  translation: z.enum(TRANSLATION_STATES),
  hasDraft: z.boolean(),
  draftSavedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
});

/** The copy of the site's pages in the office (/office/content): drafts, publishing, history. */
export function pageCopyRoutes() {
  const r = createOfficeRouter();
  r.openapi(
    createRoute({
      method: 'get',
      path: '/content',
      hide: true,
      middleware: [marketing],
      request: { query: PageCopyListQuery },
      responses: { 200: jsonContent(z.object({ rows: z.array(State) }), 'Every page in every locale') },
    }),
    async (c) => c.json({ rows: await listPageCopy(await c.var.db(), c.req.valid('query')) }, 200),
  );
  r.openapi(
    createRoute({
      method: 'get',
      path: '/content/{page}/{locale}',
      hide: true,
      middleware: [marketing],
      request: { params: Page },
      responses: {
        200: jsonContent(
          State.extend({
            published: z.unknown(),
            draft: z.unknown(),
            draftSavedBy: z.string().nullable(),
            scheduledAt: z.string().nullable(),
            scheduledBy: z.string().nullable(),
          }),
          'The copy',
        ),
      },
    }),
    async (c) => {
      const { page, locale } = c.req.valid('param');
      return c.json(await pageCopyOf(await c.var.db(), page, locale), 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'put',
      path: '/content/{page}/{locale}/draft',
      hide: true,
      middleware: [marketing],
      request: { params: Page, body: json(CopyBody) },
      responses: { 200: jsonContent(Ok, 'Saved as the draft') },
    }),
    async (c) => {
      const { page, locale } = c.req.valid('param');
      await saveDraft(await c.var.db(), page, locale, c.req.valid('json').content, { actor: c.var.staff.id, ip: c.var.ip });
      return c.json({ ok: true as const }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'delete',
      path: '/content/{page}/{locale}/draft',
      hide: true,
      middleware: [marketing],
      request: { params: Page },
      responses: { 200: jsonContent(Ok, 'The draft is gone') },
    }),
    async (c) => {
      const { page, locale } = c.req.valid('param');
      await discardDraft(await c.var.db(), page, locale, { actor: c.var.staff.id, ip: c.var.ip });
      return c.json({ ok: true as const }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'post',
      path: '/content/{page}/{locale}/publish',
      hide: true,
      middleware: [marketing],
      request: { params: Page, body: json(CopyBody) },
      responses: { 200: jsonContent(z.object({ version: z.number() }), 'Live at the next visit') },
    }),
    async (c) => {
      const { page, locale } = c.req.valid('param');
      const version = await publishCopy(await c.var.db(), page, locale, c.req.valid('json').content, {
        actor: c.var.staff.id,
        ip: c.var.ip,
      });
      return c.json({ version }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'put',
      path: '/content/{page}/{locale}/schedule',
      hide: true,
      middleware: [marketing],
      request: { params: Page, body: json(ScheduleBody) },
      responses: { 200: jsonContent(Ok, 'The saved draft is published at that time') },
    }),
    async (c) => {
      const { page, locale } = c.req.valid('param');
      await schedulePublish(await c.var.db(), await c.var.queue(), page, locale, c.req.valid('json'), {
        actor: c.var.staff.id,
        ip: c.var.ip,
      });
      return c.json({ ok: true as const }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'delete',
      path: '/content/{page}/{locale}/schedule',
      hide: true,
      middleware: [marketing],
      request: { params: Page },
      responses: { 200: jsonContent(Ok, 'Nothing is scheduled') },
    }),
    async (c) => {
      const { page, locale } = c.req.valid('param');
      await cancelSchedule(await c.var.db(), page, locale, { actor: c.var.staff.id, ip: c.var.ip });
      return c.json({ ok: true as const }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'get',
      path: '/content/{page}/{locale}/versions',
      hide: true,
      middleware: [marketing],
      request: { params: Page },
      responses: {
        200: jsonContent(
          z.object({
            rows: z.array(
              z.object({ version: z.number(), publishedAt: z.string(), publishedBy: z.string().nullable(), changed: z.array(z.string()) }),
            ),
          }),
          'Newest first',
        ),
      },
    }),
    async (c) => {
      const { page, locale } = c.req.valid('param');
      return c.json({ rows: await pageCopyVersionsOf(await c.var.db(), page, locale) }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'post',
      path: '/content/{page}/{locale}/versions/{version}/restore',
      hide: true,
      middleware: [marketing],
      request: { params: Version },
      responses: { 200: jsonContent(Ok, 'The version is the draft') },
    }),
    async (c) => {
      const { page, locale, version } = c.req.valid('param');
      await restoreVersion(await c.var.db(), page, locale, version, { actor: c.var.staff.id, ip: c.var.ip });
      return c.json({ ok: true as const }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'post',
      path: '/case-studies',
      hide: true,
      middleware: [marketing],
      request: { body: json(NewCaseStudy) },
      responses: { 201: jsonContent(z.object({ id: z.string(), slug: z.string() }), 'Created; its copy is written in the editor') },
    }),
    async (c) => {
      const row = await createCaseStudy(await c.var.db(), c.req.valid('json'), { actor: c.var.staff.id, ip: c.var.ip });
      return c.json({ id: row.id, slug: row.slug }, 201);
    },
  );
  r.openapi(
    createRoute({
      method: 'put',
      path: '/case-studies/{id}/slug',
      hide: true,
      middleware: [marketing],
      request: { params: z.object({ id: z.string().min(1) }), body: json(NewCaseStudy) },
      responses: { 200: jsonContent(z.object({ id: z.string(), slug: z.string() }), 'At its new address; the old one answers 308') },
    }),
    async (c) => {
      const row = await moveCaseStudy(await c.var.db(), c.req.valid('param').id, c.req.valid('json'), {
        actor: c.var.staff.id,
        ip: c.var.ip,
      });
      return c.json({ id: row.id, slug: row.slug }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'put',
      path: '/case-studies/{id}/home',
      hide: true,
      middleware: [marketing],
      request: { params: z.object({ id: z.string().min(1) }), body: json(HomePlace) },
      responses: { 200: jsonContent(Ok, 'On the home page in that place, or off it') },
    }),
    async (c) => {
      await setHomePlace(await c.var.db(), c.req.valid('param').id, c.req.valid('json'), { actor: c.var.staff.id, ip: c.var.ip });
      return c.json({ ok: true as const }, 200);
    },
  );
  return r;
}
