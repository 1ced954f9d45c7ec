// The reverse proxy in front of the nodes, as one nginx `server` block with its upstreams: the web
// nodes, and the API nodes when there are any (decision 056). `npm run cluster` runs it without API
// nodes, and deploy/nginx-site.conf is this text for two web and two API nodes (a test keeps them
// the same).

import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * @param {{ listen: string, serverName: string, nodes: string[], apiNodes?: string[] }} site `apiNodes`:
 *   nodes that answer the API alone (decision 056); without them the web nodes answer it too
 * @returns {string}
 */
export function nginxSite({ listen, serverName, nodes, apiNodes = [] }) {
  const upstream = (name, members) => `upstream ${name} {
${members.map((n) => `  server ${n} max_fails=1 fail_timeout=2s;`).join('\n')}
  # No idle connections to the nodes: a node that stops closes nothing a request is about to use.
}
`;
  const api = apiNodes.length ? 'site_api' : 'site_web';
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
  proxy_next_upstream error timeout;
  proxy_next_upstream_tries 2;
  proxy_connect_timeout 2s;
  proxy_read_timeout 130s;
  proxy_send_timeout 130s;
  # Pages stream as they render; the nodes compress.
  proxy_buffering off;

  location / {
    proxy_pass http://site_web;
  }

  # The API's addresses, as scripts/start.mjs tells them (API_PATH in response-guard.mjs), here
  # after nginx has decoded and merged the path.
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
