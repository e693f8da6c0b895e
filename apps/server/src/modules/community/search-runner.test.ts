import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorMessagesByLang, type ErrorKey } from '@padhub/contracts';
import { AppError } from '#server/lib/errors.ts';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { SearchRunner } from './search-runner.ts';
import { holdPosts, lockWaiters, until } from './test-fixtures.ts';
import { as } from './test-fixtures.ts';

// The app's own statement timeout is long, so only the client's leaving can end a search here.
const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000', SEARCH_CONCURRENCY: '1', SEARCH_QUEUE_MS: '0', SEARCH_TIMEOUT_MS: '60000' });
const onPostgres = app.db.kind === 'postgres';

const keyOf = (error: unknown): ErrorKey | undefined => (error instanceof AppError ? error.key : undefined);
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

/** A search that holds its turn (and its transaction) until `release` is called. */
function held(runner: SearchRunner) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const done = runner.run(undefined, async (q) => {
    await q.query('select 1');
    started();
    await gate;
    return 'first';
  });
  return { done, running, release };
}

it('a search asks its transaction for prepared statements (each planned once a connection, docs/search.md, "Prepared statements") and to write nothing', async () => {
  const asked: unknown[] = [];
  const db = { ...app.db, tx: ((fn, options) => (asked.push(options), app.db.tx(fn, options))) as typeof app.db.tx };
  const runner = new SearchRunner(db, { concurrency: 1, queueMs: 50, timeoutMs: 5000 });
  expect(await runner.run(undefined, async (q) => (await q.query<{ n: number }>('select $1::int as n', [7]))[0]!.n)).toBe(7);
  expect(asked).toEqual([{ prepared: true, readOnly: true }]);
});

describe('searches at once', () => {
  // On PGlite a held search holds the one connection too, so nothing else touches the database meanwhile.
  it('run up to the limit; the next waits its turn, or is answered search_busy when the wait is over', async () => {
    const runner = new SearchRunner(app.db, { concurrency: 1, queueMs: 50, timeoutMs: 5000 });
    const first = held(runner);
    await first.running;
    expect(keyOf(await failure(runner.run(undefined, (q) => q.query('select 1'))))).toBe('search_busy');
    first.release();
    expect(await first.done).toBe('first');
    // The turn was given back: the next one runs at once.
    expect(await runner.run(undefined, async () => 'again')).toBe('again');

    const patient = new SearchRunner(app.db, { concurrency: 1, queueMs: 10_000, timeoutMs: 5000 });
    const other = held(patient);
    await other.running;
    const waiting = patient.run(undefined, async (q) => (await q.query<{ n: number }>('select 2 as n'))[0]!.n);
    other.release();
    expect(await waiting).toBe(2);
    await other.done;
  });

  it('leave the queue when their client goes away while they wait', async () => {
    const runner = new SearchRunner(app.db, { concurrency: 1, queueMs: 10_000, timeoutMs: 5000 });
    const first = held(runner);
    await first.running;
    const gone = new AbortController();
    let ran = false;
    const waiting = failure(runner.run(gone.signal, async () => (ran = true)));
    gone.abort(new Error('the client went away'));
    expect(await waiting).toBeInstanceOf(Error);
    first.release();
    await first.done;
    expect(ran).toBe(false);
  });

  it('over HTTP: the ones beyond the limit get a 503 with a translated message, the rest their page; health still answers', async () => {
    const alice = await registerUser(app);
    // Each a different search (its page size): the same one, asked meanwhile, would share the first's run (below).
    const search = (limit = 20) => app.inject({ method: 'GET', url: '/api/posts', headers: as({ org: alice.org }, 'jp'), query: { q: 'マクロ', limit: String(limit) } });
    // Anonymous, after a first search: the organisation is cached, so nothing before the search touches the database.
    expect((await search()).statusCode).toBe(200);
    // The database is held, so the first search to take its turn keeps it while the others arrive.
    const { release, hold } = await holdPosts(app.db);
    const answers = Array.from({ length: 5 }, (_, i) => search(15 + i));
    // Four are answered while the fifth, which took the turn, waits for the database.
    const settled: Awaited<ReturnType<typeof search>>[] = [];
    await new Promise<void>((resolve) => answers.forEach((a) => void a.then((answer) => settled.push(answer) === 4 && resolve())));
    expect(settled.map((a) => a.statusCode)).toEqual([503, 503, 503, 503]);
    const refused = settled[0]!;
    expect(refused.json()).toMatchObject({ code: 50310, message: errorMessagesByLang.jp.search_busy });
    // PostgreSQL keeps connections for everything else (PGlite has one, which the held transaction has).
    if (onPostgres) expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    release();
    await hold;
    expect((await Promise.all(answers)).map((a) => a.statusCode).sort()).toEqual([200, 503, 503, 503, 503]);
  });

  it('the same search by people not signed in, asked while it runs, shares its answer rather than queueing', async () => {
    const alice = await registerUser(app);
    const search = () => app.inject({ method: 'GET', url: '/api/posts', headers: as({ org: alice.org }, 'jp'), query: { q: 'マクロ' } });
    expect((await search()).statusCode).toBe(200);
    const { release, hold } = await holdPosts(app.db);
    // One turn, no queue: five different searches would leave four refused (above); the same five share the first's run.
    const same = Array.from({ length: 5 }, search);
    release();
    await hold;
    const answers = await Promise.all(same);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });
});

describe.runIf(onPostgres)('a search statement on PostgreSQL', () => {
  it('stops at the statement timeout and is answered search_busy', async () => {
    const runner = new SearchRunner(app.db, { concurrency: 2, queueMs: 1000, timeoutMs: 200 });
    const started = performance.now();
    expect(keyOf(await failure(runner.run(undefined, (q) => q.query('select pg_sleep(5)'))))).toBe('search_busy');
    expect(performance.now() - started).toBeLessThan(4000);
    // The timeout was the transaction's own: the pool's sessions keep none.
    const [setting] = await app.db.query<{ statement_timeout: string }>('show statement_timeout');
    expect(setting!.statement_timeout).toBe('0');
  });

  it('sends its timeout with a first statement that sets settings, and it holds for the next', async () => {
    const runner = new SearchRunner(app.db, { concurrency: 2, queueMs: 1000, timeoutMs: 200 });
    const opened: unknown[] = [];
    const search = runner.run(undefined, async (q) => {
      opened.push(...(await q.query(`select set_config('enable_seqscan', 'off', true) as seqscan`)));
      return q.query('select pg_sleep(5)');
    });
    expect(keyOf(await failure(search))).toBe('search_busy');
    // The statement's own rows only: the runner's (its backend) are taken off.
    expect(opened).toEqual([{ seqscan: 'off' }]);
  });

  it('is cancelled on the server when its client goes away', async () => {
    const runner = new SearchRunner(app.db, { concurrency: 2, queueMs: 1000, timeoutMs: 60_000 });
    const gone = new AbortController();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const search = failure(
      runner.run(gone.signal, async (q) => {
        started();
        return q.query(`select pg_sleep(30), 'search-runner-cancel-probe'`);
      }),
    );
    await running;
    const sleeping = () => app.db.query(`select pid from pg_stat_activity where query like '%search-runner-cancel-probe%' and query not like '%pg_stat_activity%'`);
    for (let i = 0; i < 100 && (await sleeping()).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await sleeping()).toHaveLength(1);
    gone.abort(new Error('the client went away'));
    expect(await search).toBeInstanceOf(Error);
    expect(await sleeping()).toHaveLength(0);
  });
});

describe.runIf(onPostgres)('a search over HTTP on PostgreSQL', () => {
  it('whose client hangs up is cancelled on the server, not left to run', async () => {
    const alice = await registerUser(app);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.app.server.address() as AddressInfo;
    // The search will wait on this lock: running, as far as the server knows, until cancelled.
    const { release, hold } = await holdPosts(app.db);
    const waiting = async () => (await lockWaiters(app.db)).length > 0;
    const request = httpGet({ host: '127.0.0.1', port, path: `/api/posts?q=${encodeURIComponent('マクロ')}`, headers: { accorgid: alice.org, 'accept-language': 'jp' } });
    request.on('error', () => undefined);
    expect(await until(waiting)).toBe(true);
    request.destroy();
    // Gone while the lock still stands: the client's leaving ended it.
    expect(await until(async () => !(await waiting()))).toBe(true);
    release();
    await hold;
    await app.app.close();
  });
});

describe.runIf(!onPostgres)('a search on PGlite', () => {
  it('does not run its statements once its client has gone', async () => {
    const runner = new SearchRunner(app.db, { concurrency: 2, queueMs: 1000, timeoutMs: 200 });
    const gone = new AbortController();
    gone.abort(new Error('the client went away'));
    let ran = false;
    expect(await failure(runner.run(gone.signal, async () => (ran = true)))).toBeInstanceOf(Error);
    expect(ran).toBe(false);
  });
});

