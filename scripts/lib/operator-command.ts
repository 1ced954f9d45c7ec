// The front end of the operator commands (`npm run leads|courses|positions|alerts|jobs:import -- …`,
// decision 031). While the site's server runs, the command is handed to it over DATA_DIR/control.sock
// and runs there, on the database it holds, with its public address; otherwise it runs here.
import { handOver } from '@/server/commands/control-client';
import { controlSocketPath, recordedPublicUrl } from '@/server/commands/control-files';
import type { CommandIo } from '@/server/commands/command';
import { parseEnv } from '@/server/env';

const terminal: CommandIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  table: (rows) => console.table(rows),
  write: (text) => process.stdout.write(text),
  cwd: process.cwd(),
};

async function runHere(name: string, args: string[], dataDir: string): Promise<number> {
  // Links in mails carry the site's address: PUBLIC_URL, else PORT as given, else the address the
  // site recorded when it last started in this DATA_DIR. Without any, mailing is refused (links to
  // a guessed localhost:3000 would reach customers).
  let unknownAddress = false;
  if (!process.env.PUBLIC_URL?.trim() && !process.env.PORT?.trim()) {
    const recorded = recordedPublicUrl(dataDir);
    if (recorded) process.env.PUBLIC_URL = recorded;
    else unknownAddress = true;
  }
  await import('@/features');
  const { runCommand } = await import('@/server/commands/command');
  const { letMailsLeave, refuseQueue, stopQueue } = await import('@/server/queue');
  const { closeDatabase } = await import('@/server/db');
  if (unknownAddress) {
    refuseQueue(
      `The site's address is unknown, so mails would link to the wrong place: set PUBLIC_URL (or start the site once in this DATA_DIR, which records its address in ${dataDir}/public-url).`,
    );
  }
  try {
    const exit = await runCommand(name, args, terminal);
    // This process's worker sends what the command queued (a mail that fails stays queued for the site).
    await letMailsLeave();
    return exit;
  } finally {
    // Quietly: stdout may be a file (`leads export > leads.csv`).
    await stopQueue();
    await closeDatabase();
  }
}

export async function operatorCommand(name: string): Promise<void> {
  const args = process.argv.slice(2);
  try {
    const { DATA_DIR } = parseEnv(process.env);
    const handed = await handOver(controlSocketPath(DATA_DIR), { command: name, args, cwd: terminal.cwd }, terminal);
    process.exitCode = handed ?? (await runHere(name, args, DATA_DIR));
  } catch (err) {
    // Configuration and "database in use" errors explain themselves; a stack would bury them.
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
