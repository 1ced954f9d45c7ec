import { messages } from '@/i18n/messages';
import { localePickerScript, locales } from '@/i18n/routing';

// The page the service worker shows for a navigation without network. Built once at build
// time from the message files, in all five languages; the visitor's is shown.
export const dynamic = 'force-static';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function GET() {
  const blocks = locales
    .map((l) => {
      const t = messages[l].Offline;
      return `<section lang="${l}" data-locale-block="${l}" data-title="${escape(t.title)}"${l === 'en' ? '' : ' hidden'}><h1>${escape(t.title)}</h1><p>${escape(t.text)}</p><button type="button" onclick="location.reload()">${escape(t.retry)}</button></section>`;
    })
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(messages.en.Offline.title)}</title><style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#111827}section{max-width:32rem;padding:1.5rem}h1{font-size:1.75rem}p{color:#4b5563}button{font:inherit;background:#1d4ed8;color:#fff;border:0;border-radius:.375rem;padding:.6rem 1rem;cursor:pointer}</style></head><body><main>${blocks}</main><script>${localePickerScript()}</script></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}
