// The embedded database in a process of its own (decision 051), started by
// src/server/db/pglite-process.ts: `node pglite-process.mjs <dir> <start params as JSON>`. PGlite's WebAssembly memory
// and code stay here, as PostgreSQL's stay in its own processes, and its queries no longer hold the
// web server's event loop. Messages are structured clones (Node's "advanced" serialization), so
// dates, bytes and JSON values cross as they are.
//
// In: { id, op: 'query', text, params, rowMode, rawTypes, tx? } | { id, op: 'exec', text, tx? }
//     | { id, op: 'begin' } | { id, op: 'commit' | 'rollback', tx } | { op: 'close' }
// Out: { ready: true } once open, then { id, result } or { id, error } for each message.
import { PGlite } from '@electric-sql/pglite';

const [dir, paramsJson] = process.argv.slice(2);
/** A reply; one that cannot be cloned (a result PGlite holds as a Blob, say) goes as an error. */
function send(message) {
  if (!process.connected) return;
  try {
    process.send(message);
  } catch (err) {
    process.send({ id: message.id, error: plain(err) });
  }
}

/** What a caller can test for: SQLSTATE and the constraint, as PGlite's own errors carry them. */
function plain(err) {
  const e = /** @type {Record<string, unknown>} */ (err ?? {});
  const out = { message: String(e.message ?? err), name: String(e.name ?? 'Error') };
  for (const key of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position']) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  return out;
}

/** Identity parsers for the types a caller wants as text (Drizzle reads dates and intervals itself). */
const parsersFor = (rawTypes) => (rawTypes?.length ? Object.fromEntries(rawTypes.map((oid) => [oid, (value) => value])) : undefined);

let lite;
try {
  lite = await PGlite.create(dir, { startParams: JSON.parse(paramsJson) });
} catch (err) {
  send({ fatal: plain(err) });
  process.exit(1);
}

/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (outcome: 'commit' | 'rollback', id: number) => void }>} */
const transactions = new Map();
class RolledBack extends Error {}

async function run(message) {
  const on = message.tx === undefined ? lite : transactions.get(message.tx)?.tx;
  if (!on) throw new Error('The transaction has ended.');
  if (message.op === 'query') {
    const parsers = parsersFor(message.rawTypes);
    return on.query(message.text, message.params, { rowMode: message.rowMode, ...(parsers ? { parsers } : {}) });
  }
  if (message.op === 'exec') return on.exec(message.text);
  throw new Error(`Unknown operation ${message.op}`);
}

function begin(id) {
  /** @type {number | undefined} the id of the message that ended it */
  let ended;
  // PGlite's own transaction holds its one connection until the caller commits or rolls back;
  // other queries wait for it, as they do in a process that holds PGlite itself.
  lite
    .transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          transactions.set(id, {
            tx,
            end: (outcome, endId) => {
              transactions.delete(id);
              ended = endId;
              if (outcome === 'commit') resolve(undefined);
              else reject(new RolledBack());
            },
          });
          send({ id, result: id });
        }),
    )
    .then(
      () => send({ id: ended, result: null }),
      (err) => send(err instanceof RolledBack ? { id: ended, result: null } : { id: ended ?? id, error: plain(err) }),
    );
}

/** @type {Promise<void> | undefined} */
let closing;
/**
 * Rolls back what is open (PGlite's close waits for its transaction, and nobody is left to end
 * it), closes the database and ends; once, however often it is asked.
 */
function shutdown() {
  closing ??= (async () => {
    for (const open of transactions.values()) open.end('rollback', undefined);
    // Not unref'd: a close that hangs ends the process with 1, not with a quiet 0.
    setTimeout(() => process.exit(1), 10_000);
    await lite.close();
    process.exit(0);
  })().catch(() => process.exit(1));
}

process.on('message', (message) => {
  if (message.op === 'close') return shutdown();
  if (message.op === 'begin') return begin(message.id);
  if (message.op === 'commit' || message.op === 'rollback') {
    const open = transactions.get(message.tx);
    if (open) open.end(message.op, message.id);
    else send({ id: message.id, result: null });
    return;
  }
  run(message).then(
    (result) => send({ id: message.id, result }),
    (err) => send({ id: message.id, error: plain(err) }),
  );
});
// A terminal's Ctrl-C or systemd's stop reaches this process too: the web server closes it, after
// its last queries.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
// The web server is gone (killed, say): the database closes cleanly and this process ends.
process.on('disconnect', shutdown);
send({ ready: true });
