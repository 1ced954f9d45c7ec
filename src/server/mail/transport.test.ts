import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTransport } from './transport';

describe('mail without SMTP', () => {
  it('writes each mail as an .eml file in DATA_DIR/mail', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-mail-'));
    const transport = createTransport(undefined, dataDir);
    await transport.send({
      from: 'site@example.com',
      to: 'ana@example.com',
      subject: 'Hola\r\nBcc: evil@example.com',
      text: 'Primera línea',
    });
    const [file] = readdirSync(path.join(dataDir, 'mail'));
    expect(file).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dataDir, 'mail', file!), 'utf8');
    expect(eml).toContain('To: ana@example.com');
    // A line break in a value can never add a header.
    expect(eml).not.toMatch(/^Bcc:/m);
    expect(eml).toMatch(/^Subject: Hola/m);
  });
});
