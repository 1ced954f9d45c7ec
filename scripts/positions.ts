// The consultancy's own open roles on /careers. `npm run positions -- list` shows them;
// `npm run positions -- add role.json` opens one (or updates the one with the same id) from a JSON
// file {id, role, locale, location, description (HTML)}; `npm run positions -- close <id>` takes it
// off the page (its applications stay).
import '@/features';
import { readFile } from 'node:fs/promises';
import { allPositions, closePosition, savePosition } from '@/features/applications/server/positions-service';
import { closeDatabase, database } from '@/server/db';

async function main() {
  const [command, arg] = process.argv.slice(2);
  const { db } = await database();
  if (command === 'list') {
    console.table(
      (await allPositions(db)).map((p) => ({
        id: p.id,
        role: p.role,
        language: p.locale,
        location: p.location,
        open: p.published ? 'yes' : 'no',
      })),
    );
  } else if (command === 'add' && arg) {
    const position = await savePosition(db, JSON.parse(await readFile(arg, 'utf8')));
    console.log(`Open: /careers/${position.id}`);
  } else if (command === 'close' && arg) {
    console.log((await closePosition(db, arg)) ? `Closed ${arg}.` : `No role ${arg}.`);
  } else {
    console.error('Usage: npm run positions -- list | add <role.json> | close <id>');
    process.exitCode = 2;
  }
  await closeDatabase();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
