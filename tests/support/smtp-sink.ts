import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server for tests: it accepts every mail and keeps it, parsed. */
export class SmtpSink {
  readonly messages: ParsedMail[] = [];
  private server?: SMTPServer;
  private waiters: (() => void)[] = [];
  /** Each mail's MAIL FROM is answered after this long: a slow relay, for senders to be caught mid-send. */
  delayMs = 0;

  /** With a folder, each mail is also written there as an .eml file (for other processes to read). */
  constructor(private readonly saveTo?: string) {}

  async start(port = 0): Promise<number> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom: (_address, _session, callback) => {
        if (this.delayMs > 0) setTimeout(() => callback(), this.delayMs);
        else callback();
      },
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.saveTo)
            writeFileSync(path.join(this.saveTo, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`), Buffer.concat(chunks));
        });
        simpleParser(stream)
          .then((mail) => {
            this.messages.push(mail);
            this.waiters.splice(0).forEach((w) => w());
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    // smtp-server reports a client's dropped connection (a sender killed mid-mail) as a server
    // 'error'; a relay shrugs that off, and without a listener Node would throw it in the test.
    this.server.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') console.error('smtp sink:', err);
    });
    return (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server!.server.address() as AddressInfo).port}?ignoreTLS=true`;
  }

  /** Resolves when at least `count` mails have arrived. */
  async waitFor(count: number, timeoutMs = 20_000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${this.messages.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.messages;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A port where nothing listens (yet). */
export async function freePort(): Promise<number> {
  const sink = new SmtpSink();
  const port = await sink.start();
  await sink.stop();
  return port;
}
