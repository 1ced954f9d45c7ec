// The inline script of the static pages outside any locale (404, last-resort error, offline page):
// it shows the block of the visitor's language before any other script runs. Built by the pages
// (src/i18n/routing.ts) and recognized by the web server (src/server/http/response-guard.ts), which allows it by its hash (decision 026).

const HEAD = '(function(){var p=';
const TAIL =
  ",l='en',path=location.pathname;for(var k in p){if(p[k]&&(path===p[k]||path.indexOf(p[k]+'/')===0))l=k}if(l==='en')return;var els=document.querySelectorAll('[data-locale-block]');for(var i=0;i<els.length;i++){var on=els[i].getAttribute('data-locale-block')===l;els[i].hidden=!on;if(on&&els[i].getAttribute('data-title'))document.title=els[i].getAttribute('data-title')}document.documentElement.lang=l})();";

/** @param prefixes each locale's path prefix ('' for English) */
export function localePickerScript(prefixes: Record<string, string>): string {
  return `${HEAD}${JSON.stringify(prefixes)}${TAIL}`;
}

/** Whether `code` is that script, for any map of locale prefixes. */
export function isLocalePickerScript(code: string): boolean {
  if (!code.startsWith(HEAD) || !code.endsWith(TAIL)) return false;
  try {
    const map = JSON.parse(code.slice(HEAD.length, -TAIL.length));
    return Object.entries(map as Record<string, unknown>).every(
      ([k, v]) => /^[a-z]{2}$/.test(k) && typeof v === 'string' && /^(\/[a-z]{2})?$/.test(v),
    );
  } catch {
    return false;
  }
}
