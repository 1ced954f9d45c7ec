import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SmtpSink } from './smtp-sink';

/**
 * A real SMTP server for the browser tests: the site under test sends its mail here, and every
 * mail lands in DATA_DIR/smtp as an .eml file that the tests read back.
 */
export default async function globalSetup() {
  const folder = path.join(process.env.E2E_DATA_DIR!, 'smtp');
  mkdirSync(folder, { recursive: true });
  const sink = new SmtpSink(folder);
  await sink.start(Number(process.env.E2E_SMTP_PORT));
  return () => sink.stop();
}
