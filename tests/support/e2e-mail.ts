import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Every mail the test SMTP server received for an address (tests/support/e2e-global-setup.ts). */
export async function mailsTo(address: string): Promise<ParsedMail[]> {
  const folder = path.join(process.env.E2E_DATA_DIR!, 'smtp');
  if (!existsSync(folder)) return [];
  const mails = await Promise.all(
    readdirSync(folder)
      .sort()
      .map((f) => simpleParser(readFileSync(path.join(folder, f)))),
  );
  return mails.filter((m) => (m.to as { text: string } | undefined)?.text === address);
}
