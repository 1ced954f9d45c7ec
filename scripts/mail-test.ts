// `npm run mail:test -- someone@example.com [locale]`: puts a test mail on the queue, works the
// queue in this process until it is delivered, and says where it went.
import '@/features';
import { eq } from 'drizzle-orm';
import { database } from '@/server/db';
import { env } from '@/server/env';
import { enqueueMail } from '@/server/mail/mail';
import { testMail } from '@/server/mail/test-mail';
import { mailDeliveries } from '@/server/mail/mail-table';
import { startQueue } from '@/server/queue';
import { stopRuntime } from '@/server/runtime';
import { isLocale } from '@/i18n/routing';

async function main() {
  const [to, locale = 'en'] = process.argv.slice(2);
  if (!to || !isLocale(locale)) {
    console.error('Usage: npm run mail:test -- someone@example.com [en|es|fr|de|it]');
    process.exit(2);
  }
  const key = `mail-test:${Date.now()}`;
  const queue = await startQueue(true);
  await enqueueMail(queue, { key, to, locale, template: testMail, props: {} });
  const { db } = await database();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const [sent] = await db.select().from(mailDeliveries).where(eq(mailDeliveries.key, key));
    if (sent) {
      console.log(`Sent "${sent.subject}" to ${to} via ${env().SMTP_URL ? 'SMTP' : `${env().DATA_DIR}/mail`}`);
      await stopRuntime();
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.error('Not delivered within 60 s: the queue retries it; check SMTP_URL and the logs.');
  await stopRuntime();
  process.exit(1);
}

main().catch((err: unknown) => {
  // Configuration and "database in use" errors explain themselves; a stack would bury them.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
