import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import type { Db } from '@/server/db';
import { jsonBody as json, jsonContent } from '@/server/api/app-router';
import { AppError } from '@/server/errors';
import { sanitizeDescription } from '@/server/html/sanitize';
import { allow } from '@/server/office/access';
import { audit } from '@/server/office/audit';
import { createOfficeRouter, OfficeId as Id, OfficeOk as Ok } from '@/server/office/office-routes';
import { PositionInput } from '../schema';
import { listAllPositions, setPositionPublished, upsertPosition } from './applications-repository';
import { positionsChanged } from './positions-changed';

interface By {
  actor: string;
  ip: string;
}

/** Opens a role or saves it (it opens again if it was closed), in the audit log. */
async function savePositionBy(db: Db, input: PositionInput, by: By, created: boolean): Promise<void> {
  const exists = (await listAllPositions(db)).some((p) => p.id === input.id);
  if (created && exists) throw new AppError('conflict', 'A role has this address.', { errors: [{ path: 'id', message: 'taken' }] });
  if (!created && !exists) throw new AppError('not_found', 'No such role.');
  await db.transaction(async (tx) => {
    await upsertPosition(tx, { ...input, description: sanitizeDescription(input.description) });
    await audit(tx, { actor: by.actor, action: created ? 'position.create' : 'position.edit', record: input.id, ip: by.ip });
  });
  await positionsChanged();
}

async function publishBy(db: Db, id: string, published: boolean, by: By): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await setPositionPublished(tx, id, published))) throw new AppError('not_found', 'No such role.');
    await audit(tx, { actor: by.actor, action: published ? 'position.reopen' : 'position.close', record: id, ip: by.ip });
  });
  await positionsChanged();
}

const recruiting = allow('recruiting', 'admin');
const Position = z.object({
  id: z.string(),
  role: z.string(),
  locale: z.string(),
  location: z.string(),
  description: z.string(),
  published: z.boolean(),
  createdAt: z.string(),
});

/** The consultancy's own open roles (/careers) in the office: what `npm run positions` does, for staff. */
export function officePositionsRoutes() {
  const r = createOfficeRouter();
  r.openapi(
    createRoute({
      method: 'get',
      path: '/positions',
      hide: true,
      middleware: [recruiting],
      responses: { 200: jsonContent(z.object({ rows: z.array(Position) }), 'Every role, open or closed') },
    }),
    async (c) => {
      const rows = await listAllPositions(await c.var.db());
      return c.json({ rows: rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })) }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'post',
      path: '/positions',
      hide: true,
      middleware: [recruiting],
      request: { body: json(PositionInput) },
      responses: { 200: jsonContent(Ok, 'Open on /careers') },
    }),
    async (c) => {
      await savePositionBy(await c.var.db(), c.req.valid('json'), { actor: c.var.staff.id, ip: c.var.ip }, true);
      return c.json({ ok: true as const }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'put',
      path: '/positions/{id}',
      hide: true,
      middleware: [recruiting],
      request: { params: Id, body: json(PositionInput.omit({ id: true })) },
      responses: { 200: jsonContent(Ok, 'Saved and open') },
    }),
    async (c) => {
      const input = { ...c.req.valid('json'), id: c.req.valid('param').id };
      await savePositionBy(await c.var.db(), input, { actor: c.var.staff.id, ip: c.var.ip }, false);
      return c.json({ ok: true as const }, 200);
    },
  );
  for (const [action, published] of [
    ['close', false],
    ['reopen', true],
  ] as const) {
    r.openapi(
      createRoute({
        method: 'post',
        path: `/positions/{id}/${action}`,
        hide: true,
        middleware: [recruiting],
        request: { params: Id },
        responses: { 200: jsonContent(Ok, published ? 'Back on /careers' : 'Off /careers; its applications stay') },
      }),
      async (c) => {
        await publishBy(await c.var.db(), c.req.valid('param').id, published, { actor: c.var.staff.id, ip: c.var.ip });
        return c.json({ ok: true as const }, 200);
      },
    );
  }
  return r;
}
