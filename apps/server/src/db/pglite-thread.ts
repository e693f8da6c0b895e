import { Worker } from 'node:worker_threads';
import type { Queryable } from './queryable.ts';

type Request =
  | { op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { op: 'exec' | 'script'; sql: string }
  | { op: 'begin' | 'end'; tx: number; commit?: boolean }
  | { op: 'listen'; sql: string; listener: number }
  | { op: 'unlisten'; listener: number }
  | { op: 'close' };

interface Reply {
  id: number;
  /** A NOTIFY for a listener rather than an answer (`listener`, `payload`). */
  listener?: number;
  payload?: string;
  value?: unknown;
  error?: Record<string, unknown> & { message: string };
}

export interface PgliteThread extends Queryable {
  exec(sql: string): Promise<void>;
  script(sql: string): Promise<Record<string, unknown>[]>;
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite's one session as a pool of one: busy while a request is with the worker or a transaction is open. */
  load(): { size: number; inUse: number; waiting: number };
}

/**
 * PGlite on a worker thread (`pglite-worker.js`, which says why), reached by messages. Rows, their
 * parsed types (Date, json, arrays, int8 as text) and errors with PostgreSQL's fields come back as
 * PGlite answers them. A transaction is a session held open in the worker under an id: PGlite runs
 * one at a time, and queries outside it wait for it to end, as they always did.
 */
export async function startPgliteThread(dir: string | undefined, from?: string): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: { dir, from } });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  let stopped: Error | undefined;

  // The worker keeps the process alive only while something waits for it, as PGlite on the main
  // thread never kept it alive at all (a script that forgets to close its database still ends).
  const wait = (id: number) =>
    new Promise<unknown>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
    });
  const listeners = new Map<number, (payload: string) => void>();
  worker.on('message', (reply: Reply) => {
    if (reply.listener !== undefined) {
      listeners.get(reply.listener)?.(reply.payload ?? '');
      return;
    }
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.error) waiter.reject(revive(reply.error));
    else waiter.resolve(reply.value);
  });
  const stop = (error: Error) => {
    stopped ??= error;
    for (const waiter of pending.values()) waiter.reject(stopped);
    pending.clear();
  };
  worker.on('error', (error) => stop(new Error(`the embedded database stopped: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => stop(new Error(`the embedded database stopped (worker exit code ${code})`)));

  const call = async (request: Request): Promise<unknown> => {
    if (stopped) throw stopped;
    const id = ++nextId;
    const answer = wait(id);
    try {
      worker.postMessage({ id, ...request });
    } catch (error) {
      // A parameter that cannot be copied to another thread (a function, a class with private state).
      pending.delete(id);
      if (pending.size === 0) worker.unref();
      throw error;
    }
    return answer;
  };

  try {
    await wait(0);
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  let nextTx = 0;
  let nextListener = 0;
  let openTx = 0;
  const query = async <T>(sql: string, params?: unknown[], tx?: number) =>
    (await call({ op: 'query', sql, params, tx })) as T[];
  return {
    query: (sql, params) => query(sql, params),
    async exec(sql) {
      await call({ op: 'exec', sql });
    },
    script: async (sql) => (await call({ op: 'script', sql })) as Record<string, unknown>[],
    async tx(fn) {
      const tx = ++nextTx;
      await call({ op: 'begin', tx });
      openTx++;
      let result;
      try {
        result = await fn({ query: (sql, params) => query(sql, params, tx) });
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      } finally {
        openTx--;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      const listener = ++nextListener;
      listeners.set(listener, onPayload);
      await call({ op: 'listen', sql: channel, listener });
      return async () => {
        listeners.delete(listener);
        if (!stopped) await call({ op: 'unlisten', listener });
      };
    },
    load() {
      // Requests with the worker run one at a time; the others (and, during a transaction, everything
      // outside it) wait their turn.
      const busy = openTx > 0 || pending.size > 0;
      return { size: 1, inUse: busy ? 1 : 0, waiting: Math.max(0, pending.size - (busy && openTx === 0 ? 1 : 0)) };
    },
    async close() {
      try {
        await call({ op: 'close' });
      } finally {
        stop(new Error('the embedded database stopped: it was closed'));
        await worker.terminate();
      }
    },
  };
}

/** The worker's error as an Error here, with the fields the code reads (`code`, `constraint`, …). */
function revive({ message, name, stack, ...fields }: NonNullable<Reply['error']>): Error {
  const error = Object.assign(new Error(message), fields);
  if (typeof name === 'string') error.name = name;
  if (typeof stack === 'string') error.stack = stack;
  return error;
}
