import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_LOADER, scriptsAfterPaint } from './scripts-after-paint.ts';
import { inlineScriptHashes } from '../../security/policy.ts';

const chunk = (name: string) => `<script src="/_next/static/chunks/${name}.js" async=""></script>`;
const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

describe('scripts asked for after the first paint', () => {
  it("turns each of the page's chunks into a placeholder, in its place, and loads them from the end of the body", () => {
    const html = page(
      `<link rel="stylesheet" href="/_next/static/chunks/a.css"/>${chunk('3xtb')}${chunk('turbopack-07')}`,
      `<main>Hello</main>${chunk('1y8y')}<script>self.__next_f.push([1,"x"])</script>`,
    );
    const out = scriptsAfterPaint(html);
    expect(out).not.toContain('<script src="/_next/static/chunks/');
    expect(out).toContain(
      '<head><link rel="stylesheet" href="/_next/static/chunks/a.css"/><script type="text/x-after-paint" data-src="/_next/static/chunks/3xtb.js"></script><script type="text/x-after-paint" data-src="/_next/static/chunks/turbopack-07.js"></script></head>',
    );
    expect(out).toContain('<main>Hello</main><script type="text/x-after-paint" data-src="/_next/static/chunks/1y8y.js"></script>');
    expect(out.endsWith(`<script>self.__next_f.push([1,"x"])</script><script>${AFTER_PAINT_LOADER}</script></body></html>`)).toBe(true);
    // The placeholders are not script to the browser, and the loader is allowed by its hash.
    expect(inlineScriptHashes(out)).toEqual({ sources: expect.any(Array), unknown: 0 });
    expect(inlineScriptHashes(out).sources).toHaveLength(2);
  });

  it('leaves alone a page without chunks, a script from elsewhere or a legacy one, and a document without a body end', () => {
    const others = page(
      '<script src="https://cdn.example/x.js" async=""></script><script src="/_next/static/chunks/p.js" noModule=""></script>',
      '<p>no chunks</p>',
    );
    expect(scriptsAfterPaint(others)).toBe(others);
    const unfinished = `<html><head>${chunk('a')}</head><body><p>cut`;
    expect(scriptsAfterPaint(unfinished)).toBe(unfinished);
  });

  it('only a chunk before the body end is moved: text after it stays as written', () => {
    const html = `${page(chunk('a'), '<p>x</p>')}<!-- ${chunk('b')} -->`;
    const out = scriptsAfterPaint(html);
    expect(out).toContain(`<!-- ${chunk('b')} -->`);
    expect(out).toContain('data-src="/_next/static/chunks/a.js"');
  });
});
