import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { localePickerScript } from '../i18n/locale-picker-script.ts';
import { responseGuard } from '../server/http/response-guard.ts';
import { AFTER_PAINT_VERSION, scriptsAfterPaint } from '../server/http/scripts-after-paint.ts';
import { allowScripts, inlineScriptHashes, uploadOrigins } from './policy.ts';

const script = (code: string, attributes = '') => `<script${attributes}>${code}</script>`;

describe('inline scripts allowed by hash', () => {
  it('allows the shapes Next and the site write, each once', () => {
    const html = [
      script('(self.__next_f=self.__next_f||[]).push([0])'),
      script('self.__next_f.push([1,"0:{\\"P\\":null}\\n"])'),
      script('self.__next_f.push([1,"0:{\\"P\\":null}\\n"])'),
      script(
        '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a1.js"],"runtimeModuleIds":[1]});',
        ' id="_R_"',
      ),
      script(localePickerScript({ en: '', es: '/sp' })),
      script('{"@context":"https://schema.org"}', ' type="application/ld+json"'),
      script('', ' src="/_next/static/chunks/x.js" async=""'),
    ].join('');
    expect(inlineScriptHashes(html)).toEqual({ sources: expect.any(Array), unknown: 0 });
    expect(inlineScriptHashes(html).sources).toHaveLength(4);
  });

  it('does not allow a script that reached the page another way, even dressed as Next data', () => {
    for (const injected of [
      'alert(1)',
      'self.__next_f.push([1,"x"]);alert(1)//"])',
      'self.__next_f.push([1,"x"])\nalert(1)',
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["https://evil.example/x.js"]});',
      localePickerScript({ en: '' }).replace("l='en'", 'l=alert(1)'),
    ]) {
      expect(inlineScriptHashes(script(injected)), injected).toEqual({ sources: [], unknown: 1 });
    }
  });

  it('adds sources to script-src, not to script-src-elem', () => {
    expect(allowScripts("script-src-elem 'self'; script-src 'self'; object-src 'none'", ["'sha256-a'"])).toBe(
      "script-src-elem 'self'; script-src 'self' 'sha256-a'; object-src 'none'",
    );
  });
});

describe('the response guard', () => {
  async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void, connectSources: string[] = []) {
    const guard = responseGuard({ connectSources });
    const server = http.createServer((req, res) => {
      guard(req, res);
      handler(req, res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const get = (headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}/page`, { headers, redirect: 'manual' });
    return { get, close: () => new Promise((r) => server.close(r)) };
  }

  it('keeps every cookie of a head given as a flat list, and gives the body its own length', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, ['Content-Type', 'text/html', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2', 'Transfer-Encoding', 'chunked']);
      res.end('<p>hello</p>');
    });
    try {
      const res = await s.get({ accept: 'text/html' });
      expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(res.headers.get('content-length')).toBe('12');
      expect(await res.text()).toBe('<p>hello</p>');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await s.close();
    }
  });

  it('sends a 304 without a policy and anything else with one', async () => {
    const s = await serve((req, res) => {
      res.statusCode = req.headers['if-none-match'] ? 304 : 302;
      if (res.statusCode === 302) res.setHeader('Location', '/elsewhere');
      res.end();
    });
    try {
      expect((await s.get({ 'if-none-match': '"x"' })).headers.get('content-security-policy')).toBeNull();
      const redirect = await s.get();
      expect(redirect.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    } finally {
      await s.close();
    }
  });

  it("answers 304 to a copy with the page's current ETag, whatever its encoding, and 200 once the page changed", async () => {
    let text = '<html><body>' + 'a visitor reads this. '.repeat(100) + '</body></html>';
    const s = await serve((_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 's-maxage=60');
      res.end(text);
    });
    try {
      const plain = await s.get({ accept: 'text/html' });
      const etag = plain.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[\w+/]{27}"$/);
      const packed = await s.get({ accept: 'text/html', 'accept-encoding': 'br' });
      expect(packed.headers.get('content-encoding')).toBe('br');
      expect(packed.headers.get('etag')).toBe(etag);

      const again = await s.get({ accept: 'text/html', 'if-none-match': `"other", ${etag.slice(2)}` });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('s-maxage=60');
      expect(again.headers.get('content-security-policy')).toBeNull();
      expect(again.headers.get('content-encoding')).toBeNull();

      text = text.replace('reads', 'read');
      const changed = await s.get({ accept: 'text/html', 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toBe(text);
      expect(changed.headers.get('etag')).not.toBe(etag);
    } finally {
      await s.close();
    }
  });

  it('a page asks for its scripts after its first paint, compressed or not, and its policy allows the loader', async () => {
    const body = `<html><head><script src="/_next/static/chunks/a1.js" async=""></script></head><body>${'<p>a visitor reads this.</p>'.repeat(60)}</body></html>`;
    const s = await serve((_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Security-Policy', "default-src 'self'; script-src 'self'");
      res.end(body);
    });
    try {
      const plain = await s.get({ accept: 'text/html', 'accept-encoding': 'identity' });
      const packed = await s.get({ accept: 'text/html', 'accept-encoding': 'gzip' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(packed.headers.get('content-encoding')).toBe('gzip');
      const [plainText, packedText] = [await plain.text(), await packed.text()];
      expect(packedText).toBe(plainText);
      expect(plainText).toBe(scriptsAfterPaint(body));
      expect(plainText).toContain('<script type="text/x-after-paint" data-src="/_next/static/chunks/a1.js"></script>');
      expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(plainText)));
      expect(plain.headers.get('etag')).toBe(packed.headers.get('etag'));
      // The rewrite is named in the page's validator: a copy made by another version is not current.
      expect(plain.headers.get('etag')).toMatch(new RegExp(`${AFTER_PAINT_VERSION.replace(/[+/]/g, '\\$&')}"$`));
      for (const res of [plain, packed])
        expect(res.headers.get('content-security-policy')).toBe(
          `default-src 'self'; script-src 'self' ${inlineScriptHashes(plainText).sources[0]}`,
        );
    } finally {
      await s.close();
    }
  });

  it("adds a page's known scripts to its policy, leaves out any other and says so in the log", async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const known = '(self.__next_f=self.__next_f||[]).push([0])';
    const s = await serve((_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Security-Policy', "default-src 'self'; script-src 'self'");
      res.end(`<html><body>${script(known)}${script('alert(1)')}</body></html>`);
    });
    try {
      const res = await s.get({ accept: 'text/html' });
      expect(res.headers.get('content-security-policy')).toBe(
        `default-src 'self'; script-src 'self' ${inlineScriptHashes(script(known)).sources[0]}`,
      );
      expect(lines.map((l) => JSON.parse(l))).toEqual([expect.objectContaining({ level: 40, path: '/page', scripts: 1 })]);
    } finally {
      log.mockRestore();
      await s.close();
    }
  });

  it("lets a page send CVs to the running server's bucket: the storage is not the build's", async () => {
    const bucket = uploadOrigins({ bucket: 'cvs', endpoint: 'http://127.0.0.1:9000/ignored' });
    expect(bucket).toEqual(['http://127.0.0.1:9000']);
    expect(uploadOrigins({ bucket: 'cvs', region: 'eu-west-1' })).toEqual(['https://cvs.s3.eu-west-1.amazonaws.com']);
    expect(uploadOrigins({})).toEqual([]);
    const s = await serve((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.setHeader('Content-Security-Policy', "default-src 'self'; connect-src 'self'; frame-src 'none'");
      res.end('<p>apply</p>');
    }, bucket);
    try {
      const res = await s.get({ accept: 'text/html' });
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'self'; connect-src 'self' http://127.0.0.1:9000; frame-src 'none'",
      );
    } finally {
      await s.close();
    }
  });
});
