// The embedded PostgreSQL (PGlite) on a thread of its own; `pglite-thread.ts` is the other end.
// PGlite is WebAssembly that runs each statement to the end without yielding, so on the server's
// own thread a busy database froze every request, `/api/health/live` included. Plain JavaScript:
// Node 20 runs a worker's file without the TypeScript loader the server starts with (tsx, or
// vitest's), and loading one into every worker cost five times the worker's start.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const INT8 = 20;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** Stands for "roll back" inside PGlite's transaction callback; never leaves this thread. */
const ROLLBACK = Symbol('rollback');

/**
 * @typedef {{ tx: import('@electric-sql/pglite').Transaction | null, end: (commit: boolean) => void, outcome: Promise<unknown> }} Session
 * An open transaction: PGlite's callback waits inside it until the other thread says how it ends.
 */
/** @type {Map<number, Session>} */
const sessions = new Map();

/** @type {Map<number, () => Promise<void>>} */
const unlisteners = new Map();

/** @type {PGlite} */
let pg;
try {
  pg = await PGlite.create(workerData.dir, {
    extensions: { pg_trgm },
    // An in-memory database may start from a dump of one (`DbOptions.from`): loading it skips
    // initdb, which is most of PGlite's start.
    loadDataDir: workerData.from ? new Blob([readFileSync(workerData.from)]) : undefined,
    // Ids are bigint in SQL and strings on the wire; keep int8 as text as node-postgres does.
    parsers: { [INT8]: (/** @type {string} */ v) => v },
    // Durability (README, "Durability"): PGlite's Node filesystem hands every write straight to the
    // OS (fs.writeSync), and a commit writes its WAL before the query answers only while
    // synchronous_commit is on. Off, a kill -9 loses the commits still in WAL buffers (single-user
    // mode has no WAL writer to flush them), so it is pinned on the command line, which no
    // postgresql.conf overrides. fsync stays off (-F among the defaults): PGlite's Node filesystem
    // ignores fsync anyway, so a commit survives the process dying, not a power cut.
    // `relaxedDurability` is left alone: it only decides whether a query waits for the browser
    // filesystems' sync, and the Node filesystem has nothing to sync.
    startParams: [...PGlite.defaultStartParams, '-c', 'synchronous_commit=on'],
  });
  port.postMessage({ id: 0, value: null });
} catch (error) {
  port.postMessage({ id: 0, error: serialise(error) });
}

// Requests start in the order they arrive: PGlite queues them behind its own locks (a query
// outside a transaction waits for the open one), exactly as when it ran on the server's thread.
port.on('message', (/** @type {{ id: number, op: string, sql?: string, params?: unknown[], tx?: number, commit?: boolean, listener?: number }} */ m) => {
  run(m).then(
    (value) => port.postMessage({ id: m.id, value }),
    (error) => port.postMessage({ id: m.id, error: serialise(error) }),
  );
});

/** @param {{ op: string, sql?: string, params?: unknown[], tx?: number, commit?: boolean, listener?: number }} m */
async function run(m) {
  switch (m.op) {
    case 'query': {
      const target = m.tx === undefined ? pg : session(m.tx);
      return (await target.query(/** @type {string} */ (m.sql), m.params)).rows;
    }
    case 'exec':
      await pg.exec(/** @type {string} */ (m.sql));
      return null;
    case 'script':
      return script(/** @type {string} */ (m.sql));
    case 'begin':
      return begin(/** @type {number} */ (m.tx));
    case 'end':
      return end(/** @type {number} */ (m.tx), m.commit === true);
    case 'listen': {
      // Unsolicited messages to the other thread, each naming the listener it belongs to.
      const listener = /** @type {number} */ (m.listener);
      unlisteners.set(listener, await pg.listen(/** @type {string} */ (m.sql), (payload) => port.postMessage({ listener, payload })));
      return null;
    }
    case 'unlisten': {
      const stop = unlisteners.get(/** @type {number} */ (m.listener));
      unlisteners.delete(/** @type {number} */ (m.listener));
      await stop?.();
      return null;
    }
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`pglite-worker: unknown operation ${m.op}`);
  }
}

/**
 * Statements that may hold their own `BEGIN … COMMIT` (the job queue's blocks), run inside PGlite's
 * exclusive transaction so that nothing interleaves, and so that a failure is rolled back before
 * anything else runs: PGlite has one session, and a block aborted half way would leave every later
 * statement failing. The script's own BEGIN and COMMIT only draw PostgreSQL's warnings there.
 */
async function script(/** @type {string} */ sql) {
  /** @type {Record<string, unknown>[]} */
  let rows = [];
  await pg.transaction(async (tx) => {
    rows = (await tx.exec(sql)).flatMap((result) => result.rows);
  });
  return rows;
}

/** Opens transaction `id` and answers once BEGIN ran, i.e. once it is this transaction's turn. */
async function begin(/** @type {number} */ id) {
  /** @type {() => void} */
  let begun = () => undefined;
  const started = new Promise((resolve) => (begun = () => resolve(null)));
  /** @type {Session} */
  const s = { tx: null, end: () => undefined, outcome: Promise.resolve() };
  s.outcome = pg.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        s.tx = tx;
        s.end = (commit) => (commit ? resolve(null) : reject(ROLLBACK));
        begun();
      }),
  );
  // Handled where it is awaited (begin or end); this only keeps an early failure from being "unhandled".
  s.outcome.catch(() => undefined);
  sessions.set(id, s);
  try {
    await Promise.race([started, s.outcome]);
  } catch (error) {
    sessions.delete(id);
    throw error;
  }
  return null;
}

/** Commits or rolls back transaction `id`; a failed COMMIT (the transaction had failed) throws. */
async function end(/** @type {number} */ id, /** @type {boolean} */ commit) {
  const s = sessions.get(id);
  if (!s) throw new Error(`pglite-worker: no open transaction ${id}`);
  sessions.delete(id);
  s.end(commit);
  try {
    await s.outcome;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return null;
}

function session(/** @type {number} */ id) {
  const tx = sessions.get(id)?.tx;
  if (!tx) throw new Error(`pglite-worker: no open transaction ${id}`);
  return tx;
}

/**
 * An error as the other thread can receive it: its message, name and stack, and every field of its
 * own (PostgreSQL's `code`, `constraint`, `detail`, `table`, … on a DatabaseError), since a clone of
 * an Error keeps only the first three.
 */
function serialise(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const plain = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    try {
      plain[key] = structuredClone(value);
    } catch {
      // A field that cannot cross (a function among the query's options) stays behind.
    }
  }
  return plain;
}
