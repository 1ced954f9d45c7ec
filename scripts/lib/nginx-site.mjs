// The reverse proxy in front of the nodes, as the text of one nginx site: its caches, upstreams
// and `server` block, for the web nodes and the API nodes when there are any (decision 056).
// `npm run cluster` runs it without API nodes, and deploy/nginx-site.conf is this text for two web
// and two API nodes (a test keeps them the same).
//
// nginx keeps pages a couple of seconds and Next's immutable assets for days, and compresses what
// the nodes did not; what counts a visit, the API and the office always reach a node
// (docs/operations.md, "The proxy's cache").

import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** The site's locales (src/i18n/locale-path.ts; a test keeps them the same). */
export const LOCALES = ['en', 'es', 'fr', 'de', 'it'];
/** Every first segment of a page's address that names a locale: the locales and their prefixes. */
const LOCALE_SEGMENTS = ['en', 'es', 'sp', 'fr', 'de', 'it'];
/** The language cookie next-intl's proxy reads (src/i18n/locale-path.ts). */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
/** How long nginx answers a page without asking a node: a change is everywhere within 5 s. */
export const PAGE_SECONDS = 2;

/**
 * @param {{ listen: string, serverName: string, nodes: string[], apiNodes?: string[], cacheDir?: string }} site
 *   `apiNodes`: nodes that answer the API alone (decision 056); without them the web nodes answer
 *   it too. `cacheDir`: an existing folder where nginx keeps its two caches.
 * @returns {string}
 */
export function nginxSite({ listen, serverName, nodes, apiNodes = [], cacheDir = '/var/lib/nginx' }) {
  const upstream = (name, members) => `upstream ${name} {
${members.map((n) => `  server ${n} max_fails=1 fail_timeout=2s;`).join('\n')}
  # No idle connections to the nodes: a node that stops closes nothing a request is about to use.
}
`;
  const api = apiNodes.length ? 'site_api' : 'site_web';
  const locales = LOCALES.join('|');
  const cookie = LOCALE_COOKIE;
  // Both the answer's id and the cache's state on the cached locations. A cached answer carries the
  // id of the request that filled it: hidden, and this request's own given instead (the node saw the
  // same one, below). `add_header` here replaces any of the server's, so each cached location says
  // all of its own.
  const cachedHeaders = `    proxy_hide_header X-Request-Id;
    add_header X-Request-Id $site_request_id always;
    # HIT, MISS, EXPIRED, UPDATING, STALE, REVALIDATED or BYPASS: what nginx did with the request.
    add_header X-Cache-Status $upstream_cache_status always;`;
  return `# Round robin over the nodes of each upstream. A node that refuses connections (stopped, restarting, killed)
# is skipped for 2 s and the request goes to the next one: nothing had been sent, so this is safe
# for a form too. A request already sent to a node that fails before answering is sent to another
# node only when sending it twice does no harm: reads (GET, HEAD), the job search (a POST that only
# reads), and a form with an Idempotency-Key (stored once however often it comes). Any other POST
# is not sent again, so it is never stored twice; the visitor sees an error and may send it again.
# This matters when a node stops: connections it had not yet accepted when its listener closed
# are reset by the kernel after the request was written.
${upstream('site_web', nodes)}${
    apiNodes.length
      ? `
# The API (/rest) has nodes of its own, which answer nothing else: a node that answers no page
# answers the API faster (decision 056). They run the same release as the web nodes.
${upstream('site_api', apiNodes)}`
      : ''
  }
map "$request_method $uri $http_idempotency_key" $site_post_retry {
  default 0;
  "~^POST /rest/jobs/search " 1;
  "~^POST /rest/form [A-Za-z0-9_-]{16,100}$" 1;
}

# The request id the nodes log and answer with: the client's when well formed (as the nodes accept
# it), else nginx's own, so that an answer from the cache has an id of its own too.
map $http_x_request_id $site_request_id {
  "~^[A-Za-z0-9_-]{1,100}$" $http_x_request_id;
  default $request_id;
}

# Pages, a couple of seconds each (PAGE_SECONDS in scripts/lib/nginx-site.mjs). Not purged: a
# change is seen by every node at once (page marks, decision 037), and nginx asks a node again
# after ${PAGE_SECONDS} s with the page's ETag, so a change is on every answer within 5 s wherever it was made.
# 10 MB of keys hold some 80,000 pages; a page not asked for in 10 minutes is forgotten.
proxy_cache_path ${cacheDir}/site-pages levels=1:2 keys_zone=site_pages:10m max_size=512m inactive=10m use_temp_path=off;
# Next's scripts, styles and media (/_next/static): named by their content, never changed.
proxy_cache_path ${cacheDir}/site-static levels=1:2 keys_zone=site_static:10m max_size=1g inactive=7d use_temp_path=off;

# What a page's answer depends on besides its address: the language cookie when it names a locale
# (next-intl's proxy then reads nothing else), else Accept-Language, which chooses the language of
# an address without a prefix (a redirect to /sp…, or the English page).
map $cookie_${cookie} $site_language {
  "~^(${locales})$" "cookie $cookie_${cookie}";
  default "accept-language $http_accept_language";
}

# Requests the cache never answers nor keeps. An office member's (Better Auth's office.* cookies):
# whatever reaches a page with them is theirs. Next's draft mode. The language cookie sent twice, or
# written otherwise than Next reads it (escaped, another case, after a comma): the key above could
# read another value than next-intl, and keep one visitor's language for others. Only a single
# plain ${cookie}=<letters> is keyed.
map $http_cookie $site_cookie_bypass {
  default 0;
  "~(^|;)\\s*(__Secure-|__Host-)?office\\." 1;
  "~(^|;)\\s*__prerender_bypass=" 1;
  "~*${cookie}=.*${cookie}=" 1;
  "~(^|;)\\s*${cookie}=[A-Za-z0-9_-]*\\s*(;|$)" 0;
  "~*${cookie}" 1;
}

# Kept only when the site says a shared cache may keep it (s-maxage or max-age above 0, and not
# private, no-store or no-cache: a page rendered per request is not). nginx is told to ignore
# Cache-Control (prerendered pages say s-maxage=31536000, which would keep them a year), so it is
# read here instead.
map $upstream_http_cache_control $site_not_shared {
  default 1;
  "~*private|no-store|no-cache|s-maxage=0" 1;
  "~*(s-maxage|max-age)=[1-9]" 0;
}

server {
  listen ${listen};
  server_name ${serverName};
  # A CV is at most 5 MB (sent to the bucket directly with S3, through here without).
  client_max_body_size 6m;
  server_tokens off;

  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $http_host;
  # The client's address, for rate limits: TRUSTED_PROXY_HEADER=x-real-ip on the nodes.
  proxy_set_header X-Real-IP $remote_addr;
  proxy_set_header X-Forwarded-Proto $scheme;
  # Never what the client sent: the pages' links to their other languages are made from the
  # forwarded host (and Next fills a missing port with the node's own).
  proxy_set_header X-Forwarded-Host $http_host;
  proxy_set_header X-Forwarded-Port "";
  proxy_set_header X-Request-Id $site_request_id;
  proxy_next_upstream error timeout;
  proxy_next_upstream_tries 2;
  proxy_connect_timeout 2s;
  proxy_read_timeout 130s;
  proxy_send_timeout 130s;
  # Answers pass as the node writes them, held in no buffer or file of nginx's (the office, the
  # API's downloads); the cached locations below buffer theirs, which nginx needs to keep them.
  proxy_buffering off;

  # gzip for what the node sent uncompressed (an answer the node compressed already keeps its
  # encoding; nginx-light has no brotli). Text, JSON, JavaScript, CSS, SVG and XML of 1 KB or more
  # (below that, the headers outweigh the saving); HTML is always in the list. Also behind another
  # proxy (gzip_proxied), and with Vary: Accept-Encoding, so that caches after this one keep each
  # encoding apart. Level 5: most of level 9's saving for half its work.
  gzip on;
  gzip_vary on;
  gzip_proxied any;
  gzip_comp_level 5;
  gzip_min_length 1024;
  gzip_types text/plain text/css text/xml text/csv text/javascript application/javascript application/json
    application/problem+json application/ld+json application/manifest+json application/xml
    application/rss+xml application/atom+xml image/svg+xml;

  # Pages: the same for every visitor who asks the same way, so one node's answer serves them all
  # for PAGE_SECONDS.
  location / {
    proxy_pass http://site_web;
    # nginx keeps only what it buffers; a page rendered per request still reaches the client as
    # it streams (each part is passed on as it is read).
    proxy_buffering on;
    proxy_cache site_pages;
    # The host (the pages' links are made from it), the address, the language (above) and whether
    # the request is a document's (next-intl sets its cookie only for those). The encoding, Next's
    # router headers (RSC…) and the like are in the answer's Vary, which nginx keeps apart itself.
    proxy_cache_key "$scheme://$http_host$request_uri $site_language $http_sec_fetch_dest";
    # At most PAGE_SECONDS, whatever the node says; only 200s (not errors, redirects or 404s,
    # which are cheap to ask again and must not outlive a fix).
    proxy_ignore_headers Cache-Control Expires X-Accel-Expires;
    proxy_cache_valid 200 ${PAGE_SECONDS}s;
    # Then asked again with the kept ETag: an unchanged page comes back as a 304 without its body
    # (and is kept PAGE_SECONDS more), a changed one whole.
    proxy_cache_revalidate on;
    # One request per page goes to a node; the others wait for its answer (up to 5 s, then they
    # go too, and their answers are not kept).
    proxy_cache_lock on;
    # While that request is out, the others get the page kept (updating): its staleness grows by
    # one render, far under the 5 s. While no node answers (down, or the outage 503 of an
    # unreachable database), the page kept is better than an error: nodes do the same with the
    # pages in their own cache. A 500 is a fault to see, and is passed on.
    proxy_cache_use_stale updating error timeout http_503;
    # Never kept: answers that set a cookie (nginx's own rule, not ignored above), answers the
    # site says are not shared, and the requests of the map above, which are not answered from
    # the cache either.
    proxy_no_cache $site_not_shared $site_cookie_bypass $http_authorization;
    proxy_cache_bypass $site_cookie_bypass $http_authorization;
${cachedHeaders}
  }

  # A job page and its application page, in every locale: the site counts each visit on the
  # request itself (src/proxy.ts, the employers' views and apply clicks), so every one must reach
  # a node. nginx matches the decoded, merged path, so every spelling Next counts is here.
  location ~ ^(/(${LOCALE_SEGMENTS.join('|')}))?/jobs/[^/]+/(specs|apply)/ {
    proxy_pass http://site_web;
  }

  # The office: each member's own pages (no-store), never cached.
  location ~ ^/office(/|$) {
    proxy_pass http://site_web;
  }

  # Next's build files: their names change with their content, so they are kept for days, by
  # address alone (the same for every host and language), with the headers the node sent (security
  # headers, Cache-Control: immutable); the node's answer says how long (a year).
  location ^~ /_next/static/ {
    proxy_pass http://site_web;
    proxy_buffering on;
    proxy_cache site_static;
    proxy_cache_key $request_uri;
    proxy_cache_valid 200 7d;
    proxy_cache_lock on;
    proxy_cache_use_stale updating error timeout;
    # During a rolling release a page of a new node names files an old node lacks: the other node
    # is asked (a 404 is not kept).
    proxy_next_upstream error timeout http_404;
${cachedHeaders}
  }

  # The API's addresses, as the web server tells them (API_PATH in src/server/http/response-guard.ts), here
  # after nginx has decoded and merged the path. Never cached: its answers are per request (the
  # searches answer 304 themselves, to the client's If-None-Match).
  location ~ ^/rest(/|$) {
    error_page 418 = @post_retry;
    if ($site_post_retry) {
      return 418;
    }
    proxy_pass http://${api};
  }

  location @post_retry {
    proxy_next_upstream error timeout non_idempotent;
    proxy_pass http://${api};
  }
}
`;
}

/**
 * A whole nginx configuration that runs `site` in the foreground, its files under `dir`: the
 * cluster's proxy (scripts/lib/cluster.ts) and the tests of the site's retries.
 * @param {string} dir
 * @param {string} site
 * @param {string} [clientAddressHeader] tests only: the client's address is taken from this header
 * @returns {string}
 */
export function nginxConf(dir, site, clientAddressHeader) {
  const tmp = path.join(dir, 'nginx-tmp');
  mkdirSync(tmp, { recursive: true });
  const asRoot = process.getuid?.() === 0 ? 'user root root;\n' : '';
  return `${asRoot}worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'nginx-error.log')} warn;
daemon off;
events { worker_connections 2048; }
http {
  access_log off;
  # The bench's ten connections carry thousands of requests a second each; after nginx's default of
  # 1,000 a connection is closed, and a request the client wrote meanwhile is reset.
  keepalive_requests 100000;
  # As Debian's nginx.conf: files (the caches' entries) sent by the kernel.
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
${clientAddressHeader ? `  set_real_ip_from 127.0.0.1;\n  real_ip_header ${clientAddressHeader};\n` : ''}${site
    .split('\n')
    .map((l) => (l ? `  ${l}` : l))
    .join('\n')}
}
`;
}
