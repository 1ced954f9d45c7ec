// The API's answers are made with @hono/node-server's own Response, not the platform's. The adapter
// writes its string body as it is, where the platform's would be read back through a web stream
// (decision 044). The adapter uses that class only when it replaces the process's global Request
// and Response, which Next in the same process must keep: it is taken from the adapter here and
// the globals are put back at once. The API's bundle names it wherever its code and Hono's say
// `Response` (esbuild's inject, scripts/lib/api-bundle.mjs).
import { getRequestListener } from '@hono/node-server';

const platform = {
  Request: Object.getOwnPropertyDescriptor(globalThis, 'Request'),
  Response: Object.getOwnPropertyDescriptor(globalThis, 'Response'),
};
getRequestListener(() => new globalThis.Response(null));
const LightResponse = globalThis.Response;
for (const [name, descriptor] of Object.entries(platform)) if (descriptor) Object.defineProperty(globalThis, name, descriptor);

export { LightResponse as Response };
