export const SERVER_ENV: { MALLOC_ARENA_MAX: string };
export const SERVER_NODE_FLAGS: string[];
