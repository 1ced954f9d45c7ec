import 'server-only';
import { env } from '../env';

/** Set by the web server (src/server/http/start.ts) from the TCP connection, replacing whatever a client sent. */
const SOCKET_IP_HEADER = 'x-site-socket-ip';

/**
 * The client's address: from the configured trusted proxy header (its last entry, the one the
 * proxy added), else from the connection. A client cannot choose it, so a rotating
 * X-Forwarded-For does not reset a limit.
 */
export function clientIp(headers: Headers): string {
  const trusted = env().TRUSTED_PROXY_HEADER;
  const fromProxy = trusted ? headers.get(trusted)?.split(',').at(-1)?.trim() : undefined;
  return addressBucket(fromProxy || headers.get(SOCKET_IP_HEADER) || 'unknown');
}

/**
 * What a limit counts: an IPv4 address, or the /64 of an IPv6 one (a single client usually
 * holds a whole /64, so counting single addresses would let it rotate).
 */
export function addressBucket(ip: string): string {
  const v4 = ip.replace(/^::ffff:/i, '');
  if (!v4.includes(':')) return v4;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}
