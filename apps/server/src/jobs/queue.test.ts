import { PgBoss } from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDb } from '#server-test/helper.ts';
import { bossDb } from './boss-db.ts';
import { handle } from './handler.ts';
import { defineJob } from './job-kind.ts';
import { JobQueue, type JobQueueOptions } from './queue.ts';

const db = await testDb();
const warnings: string[] = [];
const log = { info: () => undefined, warn: (_: object, message: string) => warnings.push(message), error: () => undefined };
const options: JobQueueOptions = { log, pollMs: 100, heartbeatSeconds: 10, superviseSeconds: 1 };
const queues: JobQueue[] = [];
afterAll(async () => {
  for (const queue of queues) await queue.stop(1000);
  await db.close();
});

const greet = defineJob({ name: 'test.greet', payload: z.object({ to: z.string() }), retries: 2, retryDelaySeconds: 1 });
const flaky = defineJob({ name: 'test.flaky', payload: z.object({ n: z.number() }), retries: 2, retryDelaySeconds: 1 });
const doomed = defineJob({ name: 'test.doomed', payload: z.object({ n: z.number() }), retries: 1, retryDelaySeconds: 1 });
const slow = defineJob({ name: 'test.slow', payload: z.object({ n: z.number() }), retries: 0, timeoutSeconds: 1 });
const abandoned = defineJob({ name: 'test.abandoned', payload: z.object({ n: z.number() }), retries: 0, timeoutSeconds: 1 });
const kinds = [greet, flaky, doomed, slow, abandoned];

function queue(supervise: boolean) {
  const made = new JobQueue(db, kinds, { ...options, supervise });
  queues.push(made);
  return made;
}

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// One process sends (as the API does), another works (as `npm run worker` does): they share nothing but the database.
const sender = queue(false);
await sender.start();

describe('the job queue', () => {
  it('refuses a payload its kind cannot read, and a kind it was not built with', async () => {
    await expect(sender.send(greet, { to: 7 } as never)).rejects.toThrow();
    const stranger = defineJob({ name: 'test.stranger', payload: z.object({}) });
    await expect(sender.send(stranger, {})).rejects.toThrow(/not one this queue/);
  });

  it('keeps a job sent in a transaction only if the transaction commits', async () => {
    const rolledBack = db.tx(async (q) => {
      await sender.send(greet, { to: 'nobody' }, { q });
      throw new Error('the write failed');
    });
    await expect(rolledBack).rejects.toThrow('the write failed');
    await db.tx(async (q) => {
      await sender.send(greet, { to: 'ada' }, { q });
    });
    const depth = await sender.depth();
    expect(depth.find((d) => d.name === greet.name)).toMatchObject({ waiting: 1, running: 0 });
    expect(depth.find((d) => d.name === greet.name)!.oldestWaitingSeconds).toBeGreaterThanOrEqual(0);
  });

  it('runs in a worker that was not running when the job was sent (a job outlives its sender)', async () => {
    const greeted: string[] = [];
    const worker = queue(true);
    await worker.work([
      handle(greet, { concurrency: 1, run: async ({ to }) => void greeted.push(to) }),
      handle(flaky, { concurrency: 1, run: async () => undefined }),
    ]);
    await until(() => greeted, (g) => g.length > 0);
    expect(greeted).toEqual(['ada']);
    await worker.stop(1000);
  });

  it('tries a failing job again after a wait that grows, and completes it when an attempt succeeds', async () => {
    const attempts: { attempt: number; at: number; last: boolean }[] = [];
    const worker = queue(true);
    await worker.work([
      handle(flaky, {
        concurrency: 1,
        run: async (_, context) => {
          attempts.push({ attempt: context.attempt, at: Date.now(), last: context.lastAttempt });
          if (context.attempt < 3) throw new Error(`attempt ${context.attempt} failed`);
        },
      }),
    ]);
    await sender.send(flaky, { n: 1 });
    await until(() => attempts, (a) => a.length >= 3);
    await worker.stop(1000);
    expect(attempts.map((a) => [a.attempt, a.last])).toEqual([[1, false], [2, false], [3, true]]);
    // Backoff from a one-second delay: never sooner than a second apart.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(900);
    expect(warnings).toContain('job attempt failed');
  });

  it('tells the failure hook why, once every attempt has failed', async () => {
    const failures: [number, string][] = [];
    let runs = 0;
    const worker = queue(true);
    await worker.work([
      handle(doomed, {
        concurrency: 1,
        run: async () => {
          runs++;
          throw new Error('the file is not a video');
        },
        failed: async ({ n }, reason) => void failures.push([n, reason]),
      }),
    ]);
    await sender.send(doomed, { n: 4 });
    await until(() => failures, (f) => f.length > 0);
    await worker.stop(1000);
    expect(runs).toBe(2);
    expect(failures).toEqual([[4, 'the file is not a video']]);
  });

  it('stops an attempt that runs past its time, aborting its signal, and fails it', async () => {
    const failures: string[] = [];
    let aborted = false;
    const worker = queue(true);
    await worker.work([
      handle(slow, {
        concurrency: 1,
        run: (_, { signal }) =>
          new Promise<void>((resolve) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              resolve();
            });
          }),
        failed: async (_, reason) => void failures.push(reason),
      }),
    ]);
    await sender.send(slow, { n: 1 });
    await until(() => failures, (f) => f.length > 0);
    await worker.stop(1000);
    expect(aborted).toBe(true);
    expect(failures[0]).toMatch(/exceeded 1s/);
  });

  it('fails a job whose worker vanished mid-job (the watchdog), with the reason', async () => {
    // A worker that claims the job and dies: pg-boss's own fetch on the same database, never settled.
    const vanished = new PgBoss({ db: bossDb(db), backend: db.kind === 'pglite' ? 'pglite' : 'postgres', supervise: false, schedule: false });
    await vanished.start();
    await sender.send(abandoned, { n: 9 });
    expect(await vanished.fetch(abandoned.name)).toHaveLength(1);
    await vanished.stop({ graceful: false, close: false });

    const failures: [number, string][] = [];
    const watchdog = queue(true);
    await watchdog.work([handle(abandoned, { concurrency: 1, run: async () => undefined, failed: async ({ n }, reason) => void failures.push([n, reason]) })]);
    await until(() => failures, (f) => f.length > 0);
    await watchdog.stop(1000);
    expect(failures).toEqual([[9, 'job timed out']]);
  });
});
