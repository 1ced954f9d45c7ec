import 'server-only';
import { isPlausibleId } from '@/lib/ids';
import type { Db } from '@/server/db';
import { sanitizeDescription } from '@/server/html/sanitize';
import { PositionInput } from '../schema';
import {
  findPosition,
  insertPositionOnce,
  listAllPositions,
  listPositions,
  setPositionPublished,
  upsertPosition,
} from './applications-repository';
import { seedPositions } from './seed-positions';
import { positionsChanged } from './positions-changed';

// The consultancy's own open roles (/careers): a job application names a job of the board or one of these.

/** The consultancy's open roles, for /careers. */
export function openPositions(db: Db) {
  return listPositions(db);
}

export async function openPosition(db: Db, id: string) {
  return isPlausibleId(id) ? findPosition(db, id) : undefined;
}

/** For the operator: every role, open or closed. */
export function allPositions(db: Db) {
  return listAllPositions(db);
}

/** Opens a role (or updates it): checked by its schema, its description sanitized. */
export async function savePosition(db: Db, input: unknown): Promise<PositionInput> {
  const position = PositionInput.parse(input);
  await upsertPosition(db, { ...position, description: sanitizeDescription(position.description) });
  await positionsChanged();
  return position;
}

/** Closes a role: it leaves /careers, its applications stay. */
export async function closePosition(db: Db, id: string): Promise<boolean> {
  const closed = await setPositionPublished(db, id, false);
  await positionsChanged();
  return closed;
}

/** Adds the launch roles (those already there are left as they are). */
export async function addPositionsOnce(db: Db): Promise<void> {
  for (const position of seedPositions()) await insertPositionOnce(db, position);
}
