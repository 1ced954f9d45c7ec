import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The Nu HTML Checker (the W3C's validator, vnu-jar from the registry), run once over many pages:
// the JVM starts once, and checks some hundred pages in seconds.
const jar = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

interface Message {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

/** The checker's errors for each page (name → HTML), as "name: message (extract)". */
export function htmlErrors(pages: Map<string, string>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-html-'));
  try {
    const files = [...pages].map(([name, html], i) => {
      const file = path.join(dir, `${i}.html`);
      writeFileSync(file, html);
      return [file, name] as const;
    });
    const run = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'json', '--exit-zero-always', ...files.map(([f]) => f)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.error || run.status !== 0)
      throw new Error(`The HTML checker did not run (is Java installed?): ${run.error?.message ?? run.stderr}`);
    const names = new Map(files.map(([f, name]) => [`file:${f}`, name]));
    const { messages } = JSON.parse(run.stderr) as { messages: Message[] };
    return messages
      .filter((m) => m.type === 'error')
      .map((m) => `${names.get(m.url) ?? m.url}: ${m.message}${m.extract ? ` (${m.extract.trim().slice(0, 120)})` : ''}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
