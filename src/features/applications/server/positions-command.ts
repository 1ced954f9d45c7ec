import 'server-only';
import { readFile } from 'node:fs/promises';
import { operatorPath, type OperatorCommand } from '@/server/commands/command';
import { database } from '@/server/db';
import { allPositions, closePosition, savePosition } from './positions-service';

const USAGE = 'Usage: npm run positions -- list | add <role.json> | close <id>';

/**
 * The consultancy's own open roles on /careers. `npm run positions -- list` shows them; `add
 * role.json` opens one (or updates the one with the same id) from a JSON file {id, role, locale,
 * location, description (HTML)}; `close <id>` takes it off the page (its applications stay).
 */
export const positionsCommand: OperatorCommand = {
  name: 'positions',
  usage: USAGE,
  async run([command, arg], io) {
    const { db } = await database();
    if (command === 'list') {
      io.table(
        (await allPositions(db)).map((p) => ({
          id: p.id,
          role: p.role,
          language: p.locale,
          location: p.location,
          open: p.published ? 'yes' : 'no',
        })),
      );
      return 0;
    }
    if (command === 'add' && arg) {
      const position = await savePosition(db, JSON.parse(await readFile(operatorPath(io, arg), 'utf8')));
      io.out(`Open: /careers/${position.id}`);
      return 0;
    }
    if (command === 'close' && arg) {
      io.out((await closePosition(db, arg)) ? `Closed ${arg}.` : `No role ${arg}.`);
      return 0;
    }
    io.err(USAGE);
    return 2;
  },
};
