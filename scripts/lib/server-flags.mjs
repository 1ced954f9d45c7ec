// How Node runs the web server (`npm start`, the systemd unit, `npm run cluster`, the bench, the
// audit and the browser tests), its flags and its environment, in one place; a test holds
// package.json and deploy/site-web@.service to them.
//
// V8 otherwise lets a busy server's heap grow to several times what it holds alive before it
// collects: the site's is about 150 MB, and its old generation grew to 190 MB and its young one
// to 32 MB under load, taking the process to 460 MB. With these limits it stays near 340 MB at
// the same throughput (decision 040). The old generation still has 100 MB above what the
// server holds, for a job import or an export.
//
// `--liftoff-only` keeps WebAssembly in V8's baseline code: its optimizing compiler otherwise
// recompiles the hot functions and keeps both. It mattered for the embedded database's 9 MB of
// PostgreSQL (about 60 MB, decision 040), which now runs in a process of its own started with the
// same flag (src/server/db/pglite-process.ts, decision 051); the server itself runs no other
// WebAssembly of weight (undici's HTTP parser, for fetch, is small). V8 lists the
// flag "for testing" (`--no-wasm-tier-up` does not do the same); a test starts Node with these
// flags, so a Node release without it fails the suite, not a deployment.
// `--liftoff-only` comes first: knip reads package.json's start script and takes the word after a
// flag it does not know for that flag's value, which would hide scripts/start.mjs from it.
export const SERVER_NODE_FLAGS = ['--liftoff-only', '--max-old-space-size=256', '--max-semi-space-size=8'];

// glibc's malloc gives each thread that allocates at once an arena of its own, and keeps what each
// has held. On Node 24 V8's background compilers and collectors took 26–30 MB that way, and the main
// arena 30 MB more than on Node 20 (decision 054); with one arena for all threads the server ended
// a 3-minute soak 42 MB lower at the same rate (decision 055). The threads' allocations are few
// and short, so they rarely wait for one another. glibc reads it at start: it must be in the
// environment Node is started with.
export const SERVER_ENV = { MALLOC_ARENA_MAX: '1' };
