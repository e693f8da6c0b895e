import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { localServer } from '#server-test/local-http.ts';
import { parseMetrics } from '#server-test/metrics.ts';
import { credentialsOf, listen, s3With } from '#server-test/storage.ts';
import { runOncePerCluster } from '#server/lib/background.ts';
import { watchStatements } from '#server/telemetry/statements.ts';
import { makePost } from '#server/modules/community/test-fixtures.ts';
import { SearchRunner } from '#server/modules/community/search-runner.ts';
import { processVideoJob } from '#server/modules/videos/public.ts';
import { png, uploadAs } from '#server/modules/posting/test-fixtures.ts';

const TOKEN = 'metrics-token-for-the-tests';
let receiverFails = true;
const receiver = await localServer(() => (receiverFails ? { status: 500, body: { error: 'down' } } : { status: 200, body: {} }));
const app = await buildTestApp({
  METRICS_TOKEN: TOKEN,
  REGISTER_LIMIT_PER_IP: '1000',
  PUSH_WEBHOOK_URL: `${receiver.url}/push`,
  PUSH_WEBHOOK_SECRET: 'a-secret-of-the-native-team',
  PUSH_RETRY_BASE_MS: '200',
  PUSH_POLL_MS: '20',
  LOGIN_LIMIT_PER_IP: '3',
});

const scrape = async () => parseMetrics((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(25);
  }
}

describe('the queues', () => {
  it('a push the receiver keeps refusing: the outbox’s oldest item ages, then it drains when the receiver answers', async () => {
    const retries = (await scrape()).value('padhub_push_deliveries_total', { outcome: 'retry' });
    const author = await registerUser(app);
    const commenter = await registerUser(app);
    const post = await makePost(app, author);
    data(await app.inject({ method: 'POST', url: `/api/posts/${post}/comments`, headers: commenter.headers, payload: { content: 'Nice grip' } }));
    await until(async () => (await scrape()).value('padhub_push_deliveries_total', { outcome: 'retry' }) > retries);
    const first = await scrape();
    expect(first.value('padhub_queue_depth', { queue: 'push_outbox' })).toBe(1);
    await sleep(1200);
    const second = await scrape();
    expect(second.value('padhub_queue_depth', { queue: 'push_outbox' })).toBe(1);
    expect(second.value('padhub_queue_oldest_age_seconds', { queue: 'push_outbox' })).toBeGreaterThanOrEqual(first.value('padhub_queue_oldest_age_seconds', { queue: 'push_outbox' }) + 1);

    receiverFails = false;
    await until(async () => (await scrape()).value('padhub_queue_depth', { queue: 'push_outbox' }) === 0);
    const drained = await scrape();
    expect(drained.value('padhub_queue_oldest_age_seconds', { queue: 'push_outbox' })).toBe(0);
    expect(drained.value('padhub_push_deliveries_total', { outcome: 'delivered' })).toBeGreaterThanOrEqual(1);
  });

  it('the deletion queue: what waits, and since when', async () => {
    const before = await scrape();
    expect(before.value('padhub_queue_depth', { queue: 'storage_deletions' })).toBe(0);
    // A deletion the store keeps refusing: queued seven minutes ago, its next try an hour away.
    await app.db.query(`insert into storage_deletions (key, created_at, due_at, attempts, last_error) values ('u/padhub/1/stuck.png', now() - interval '7 minutes', now() + interval '1 hour', 3, 'store refused')`);
    const after = await scrape();
    expect(after.value('padhub_queue_depth', { queue: 'storage_deletions' })).toBe(1);
    expect(after.value('padhub_queue_oldest_age_seconds', { queue: 'storage_deletions' })).toBeGreaterThanOrEqual(420);
    await app.db.query(`delete from storage_deletions where key = 'u/padhub/1/stuck.png'`);
  });

  it('each kind of background job is a queue: a job no worker takes waits, and its age grows', async () => {
    const before = await scrape();
    expect(before.value('padhub_queue_depth', { queue: 'job_video_process' })).toBe(0);
    expect(before.value('padhub_queue_oldest_age_seconds', { queue: 'job_video_process' })).toBe(0);
    // This app works no jobs (JOBS_IN_PROCESS=0, as an API process beside `npm run worker`), and no worker runs.
    await app.jobs.send(processVideoJob, { orgId: 'padhub', userId: '1', path: 'u/padhub/1/waiting.mp4' });
    const first = await scrape();
    expect(first.value('padhub_queue_depth', { queue: 'job_video_process' })).toBe(1);
    await sleep(1100);
    const second = await scrape();
    expect(second.value('padhub_queue_oldest_age_seconds', { queue: 'job_video_process' })).toBeGreaterThanOrEqual(1);
    expect(second.value('padhub_queue_measure_failed', { queue: 'job_video_process' })).toBe(0);
  });

  it('a job held back waits only once it is due, as the job queue itself counts', async () => {
    const queue = { queue: 'job_video_process' };
    const before = (await scrape()).value('padhub_queue_depth', queue);
    await app.jobs.send(processVideoJob, { orgId: 'padhub', userId: '1', path: 'u/padhub/1/later.mp4' }, { startAfterSeconds: 3600 });
    const after = await scrape();
    expect(after.value('padhub_queue_depth', queue)).toBe(before);
    const own = (await app.jobs.depth()).find((d) => d.name === processVideoJob.name)!;
    expect(after.value('padhub_queue_depth', queue)).toBe(own.waiting);
    expect(after.value('padhub_queue_oldest_age_seconds', queue)).toBeCloseTo(own.oldestWaitingSeconds ?? 0, 0);
  });

  it('reads every table queue and the background runs in one statement, a function each connection plans once', async () => {
    const statements: string[] = [];
    watchStatements((_engine, sql) => (statements.push(sql), undefined));
    try {
      await scrape();
    } finally {
      watchStatements(() => undefined);
    }
    // The outbox's own polls may run meanwhile: the scrape's statements are the ones that build its answer.
    expect(statements.filter((sql) => /scrape_figures|json_build_object/.test(sql))).toEqual(['select scrape_figures() as figures']);
  });

  it('searches waiting for their turn, and those refused', async () => {
    const runner = new SearchRunner(app.db, { concurrency: 1, queueMs: 10_000, timeoutMs: 5000 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = runner.run(undefined, () => gate);
    const second = runner.run(undefined, async () => 'second');
    await sleep(100);
    const waiting = await runner.figures();
    expect(waiting.depth).toBe(1);
    expect(waiting.oldestSeconds).toBeGreaterThanOrEqual(0.09);
    release();
    await first;
    expect(await second).toBe('second');
    expect(await runner.figures()).toEqual({ depth: 0, oldestSeconds: 0 });

    const refused = (await scrape()).value('padhub_searches_refused_total', { reason: 'queue' });
    const impatient = new SearchRunner(app.db, { concurrency: 1, queueMs: 10, timeoutMs: 5000 });
    let open!: () => void;
    let began!: () => void;
    const running = new Promise<void>((resolve) => (began = resolve));
    const held = impatient.run(undefined, () => new Promise<void>((resolve) => ((open = resolve), began())));
    // Its work starts once its transaction has begun (later on PostgreSQL): only then can it be let go.
    await running;
    await expect(impatient.run(undefined, async () => 'never')).rejects.toMatchObject({ key: 'search_busy' });
    open();
    await held;
    expect((await scrape()).value('padhub_searches_refused_total', { reason: 'queue' })).toBe(refused + 1);
    expect((await scrape()).has('padhub_queue_depth', { queue: 'search' })).toBe(true);
  });
});

describe('limits and uploads', () => {
  it('counts a login limit hit by its name, not by whom', async () => {
    const alice = await registerUser(app);
    const before = (await scrape()).value('padhub_rate_limited_total', { limit: 'login:ip' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { accorgid: 'padhub' }, payload: { username: alice.username, password: `a wrong password ${i}` } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await scrape()).value('padhub_rate_limited_total', { limit: 'login:ip' })).toBe(before + 1);
  });

  it('counts the bytes stored through the embedded endpoint, whole or in parts, and the writes it refuses', async () => {
    const { origin } = await listen(app);
    const alice = await registerUser(app);
    const picture = await png();
    const before = await scrape();
    await uploadAs(origin, alice, 'counted.png', picture, 'image/png');
    const refused = await fetch(`${origin}/storage/padhub/u/padhub/${alice.id}/post/unsigned.png`, { method: 'PUT', body: picture, headers: { 'content-type': 'image/png' } });
    expect(refused.status).toBe(403);
    const after = await scrape();
    expect(after.value('padhub_upload_bytes_total') - before.value('padhub_upload_bytes_total')).toBe(picture.length);
    expect(after.value('padhub_uploads_stored_total') - before.value('padhub_uploads_stored_total')).toBe(1);
    expect(after.value('padhub_uploads_refused_total') - before.value('padhub_uploads_refused_total')).toBe(1);
    const reasons = after.samples.filter((s) => s.name === 'padhub_uploads_refused_total').map((s) => s.labels.reason);
    expect(reasons.every((r) => /^[A-Za-z0-9]+$/.test(r ?? ''))).toBe(true);

    // A multipart upload: each part's bytes as it lands, the object once it is completed.
    const creds = await credentialsOf(origin, alice);
    const s3 = s3With(creds);
    const target = { Bucket: 'padhub', Key: `${creds.prefix}parts.png` };
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ ...target, ContentType: 'image/png' }));
    const { ETag } = await s3.send(new UploadPartCommand({ ...target, UploadId, PartNumber: 1, Body: picture }));
    const parted = await scrape();
    expect(parted.value('padhub_upload_bytes_total') - after.value('padhub_upload_bytes_total')).toBe(picture.length);
    expect(parted.value('padhub_uploads_stored_total')).toBe(after.value('padhub_uploads_stored_total'));
    await s3.send(new CompleteMultipartUploadCommand({ ...target, UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag }] } }));
    expect((await scrape()).value('padhub_uploads_stored_total') - after.value('padhub_uploads_stored_total')).toBe(1);
  });
});

describe('background jobs', () => {
  it('last success per job, cluster-wide, and each run’s outcome', async () => {
    const log = { warn: () => undefined };
    const stop = runOncePerCluster(app.db, [
      { name: 'metrics-ok', everyMs: 400, run: async () => undefined },
      { name: 'metrics-failing', everyMs: 400, run: async () => Promise.reject(new Error('on purpose')) },
    ], log);
    try {
      await until(async () => {
        const s = await scrape();
        return s.value('padhub_background_runs_total', { task: 'metrics-ok', outcome: 'ok' }) > 0 && s.value('padhub_background_runs_total', { task: 'metrics-failing', outcome: 'failed' }) > 1;
      });
    } finally {
      await stop();
    }
    const s = await scrape();
    expect(Math.abs(s.value('padhub_background_last_success_timestamp_seconds', { task: 'metrics-ok' }) - Date.now() / 1000)).toBeLessThan(30);
    expect(s.value('padhub_background_period_seconds', { task: 'metrics-ok' })).toBe(0.4);
    expect(s.value('padhub_background_runs_total', { task: 'metrics-ok', outcome: 'ok' })).toBeGreaterThan(0);
    // Failing since it began: its success time stays at its first run while its start moves on,
    // so the alert's clock runs from that first run.
    const failing = { task: 'metrics-failing' };
    expect(s.value('padhub_background_last_start_timestamp_seconds', failing)).toBeGreaterThan(s.value('padhub_background_last_success_timestamp_seconds', failing));
  });
});
