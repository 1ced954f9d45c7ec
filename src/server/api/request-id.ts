// The id a response carries in X-Request-Id: the client's own when it is well formed (a proxy in
// front may have set it), else a new one. Used by the locale proxy (src/proxy.ts) and the API (src/server/api/request-context.ts).
// Random, so that ids say nothing of how many requests a server answered. Node's own randomUUID:
// the platform's `crypto` is wrapped by Next in the server's bundles.
import { randomUUID } from 'node:crypto';

export function requestIdOf(incoming: string | string[] | null | undefined): string {
  return typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}
