// A page asks for its scripts once it has painted (decision 042). Next writes each of the page's
// chunks as `<script src async>` in the head, so a phone fetches some 150 KB of script beside the
// stylesheet and the HTML, and runs whatever has arrived before it paints. Here each such tag
// becomes an inert placeholder, and one inline script at the end of the body puts the same tags
// back in the frame after the first paint: the page shows as soon as its HTML and stylesheet are
// in, and hydrates from the same scripts, in the same places, a frame later. Without script,
// nothing changes: the page never ran any.
import { createHash } from 'node:crypto';
import { MENU_ICON } from '../../ui/layout/menu-icon.ts';

/** The tag Next writes for each chunk the page needs (the build's own files only). */
const CHUNK_TAG = /<script src="(\/_next\/static\/chunks\/[\w.-]+\.js)" async=""><\/script>/g;
const PLACEHOLDER = 'text/x-after-paint';

/**
 * Puts each placeholder back as the script it stands for, in the task after the first frame; or
 * after a second when no frame comes (a page opened in a background tab paints when it is shown).
 * Until the page has hydrated, the phone's menu button opens and closes the menu itself: a tap
 * made while the scripts load is not lost (MobileMenu marks its button `data-live` when it takes
 * over, and starts from what the tap left).
 * The same text on every page: its hash is one more known inline script (security-headers.mjs).
 */
export const AFTER_PAINT_LOADER =
  "(function(){document.addEventListener('click',function(e){" +
  "var b=e.target.closest&&e.target.closest('[aria-controls=\"main-nav\"]'),n=document.getElementById('main-nav');" +
  "if(!b||!n||b.hasAttribute('data-live'))return;var o=b.getAttribute('aria-expanded')!=='true';" +
  "b.setAttribute('aria-expanded',String(o));n.classList.toggle('hidden',!o);n.classList.toggle('block',o);" +
  `var i=b.querySelector('path');if(i)i.setAttribute('d',o?'${MENU_ICON.close}':'${MENU_ICON.open}')});` +
  'var done=0;function go(){if(done)return;done=1;' +
  `document.querySelectorAll('script[type="${PLACEHOLDER}"]').forEach(function(p){` +
  "var s=document.createElement('script');s.src=p.getAttribute('data-src');s.async=true;p.replaceWith(s)})}" +
  'requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})()';

/** Five characters that change with the rewrite: part of a page's ETag (response-guard.ts). */
export const AFTER_PAINT_VERSION = createHash('sha256')
  .update(AFTER_PAINT_LOADER + CHUNK_TAG.source)
  .digest('base64')
  .slice(0, 5);

/**
 * The page with its chunks' tags turned into placeholders and the loader before `</body>`; a page
 * without such tags, or without a body's end, as it was.
 */
export function scriptsAfterPaint(html: string): string {
  const end = html.lastIndexOf('</body>');
  if (end < 0) return html;
  let found = false;
  const page = html.slice(0, end).replace(CHUNK_TAG, (_, src: string) => {
    found = true;
    return `<script type="${PLACEHOLDER}" data-src="${src}"></script>`;
  });
  return found ? `${page}<script>${AFTER_PAINT_LOADER}</script>${html.slice(end)}` : html;
}
