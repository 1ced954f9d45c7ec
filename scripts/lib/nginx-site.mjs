// The reverse proxy in front of the web nodes, as one nginx `server` block with its `upstream`.
// `npm run cluster` runs it, and deploy/nginx-site.conf is this text for a two-node example (a test
// keeps them the same).

/**
 * @param {{ listen: string, serverName: string, nodes: string[] }} site
 * @returns {string}
 */
export function nginxSite({ listen, serverName, nodes }) {
  return `# Round robin over the web nodes. A node that refuses connections (stopped, restarting, killed)
# is skipped for 2 s and the request goes to the next one: nothing had been sent, so this is safe
# for a form too. A request already sent to a node that dies is not sent again (nginx does not
# retry POSTs), so a form is never stored twice; the visitor sees an error and may send it again.
upstream site_web {
${nodes.map((n) => `  server ${n} max_fails=1 fail_timeout=2s;`).join('\n')}
  # No idle connections to the nodes: a node that stops closes nothing a request is about to use.
}

server {
  listen ${listen};
  server_name ${serverName};
  # A CV is at most 5 MB (sent to the bucket directly with S3, through here without).
  client_max_body_size 6m;
  server_tokens off;

  location / {
    proxy_pass http://site_web;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    # The client's address, for rate limits: TRUSTED_PROXY_HEADER=x-real-ip on the nodes.
    proxy_set_header X-Real-IP $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 2;
    proxy_connect_timeout 2s;
    proxy_read_timeout 130s;
    proxy_send_timeout 130s;
    # Pages stream as they render; the nodes compress.
    proxy_buffering off;
  }
}
`;
}
