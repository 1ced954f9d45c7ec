/** See light-response.mjs: @hono/node-server's own Response class, which the adapter writes as it is. */
export const Response: typeof globalThis.Response;
