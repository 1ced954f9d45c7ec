import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { env } from '../env';
import { log } from '../log';

export interface Transport {
  send(message: Mail.Options): Promise<{ messageId: string }>;
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/mail. */
export function createTransport(smtpUrl = env().SMTP_URL, dataDir = env().DATA_DIR): Transport {
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    // Fail fast when the server is down, so the queue retries later instead of hanging.
    for (const [k, v] of Object.entries({ connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' })) {
      if (!url.searchParams.has(k)) url.searchParams.set(k, v);
    }
    const smtp = nodemailer.createTransport(url.toString());
    return { send: async (message) => ({ messageId: (await smtp.sendMail(message)).messageId }) };
  }
  const folder = path.join(dataDir, 'mail');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await stream.sendMail(message);
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      // The file holds the mail; the log names the file only (subjects carry names and sign-up codes).
      log().info({ file }, 'mail written to file');
      return { messageId: info.messageId };
    },
  };
}
