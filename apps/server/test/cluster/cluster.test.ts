import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#server-test/helper.ts';
import { localServer } from '#server-test/local-http.ts';
import { scrape } from '#server-test/metrics.ts';
import { clip } from '#server-test/video-clips.ts';
import { png, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { Client, ok } from './client.ts';
import { LiveClient } from './live-client.ts';
import { lostOrDoubled, runLoad } from './load.ts';
import { METRICS_TOKEN, highest, scrapeAll, total } from './metrics.ts';
import { Cluster } from './topology.ts';

/**
 * Padhub as a cluster (docs/deploy.md): nginx round-robin over three processes, pgbouncer in
 * transaction pooling, one PostgreSQL. Run by scripts/cluster-test.sh, which installs nginx and
 * pgbouncer and sets PADHUB_CLUSTER_POSTGRES; skipped elsewhere.
 */
const postgres = process.env.PADHUB_CLUSTER_POSTGRES;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(200);
  }
}

// The native team's push receiver, which the metrics test makes refuse for a while.
let receiverRefuses = false;
const receiver = postgres ? await localServer(() => (receiverRefuses ? { status: 500, body: { error: 'down' } } : { status: 200, body: {} })) : null;

describe.skipIf(!postgres)('a cluster behind nginx and pgbouncer', { timeout: 180_000 }, () => {
  // Made in beforeAll: a skipped run creates nothing.
  let cluster: Cluster;
  let api: Client;

  beforeAll(async () => {
    cluster = new Cluster(postgres!, {
      METRICS_TOKEN,
      PUSH_WEBHOOK_URL: `${receiver!.url}/push`,
      PUSH_WEBHOOK_SECRET: 'the-cluster-test-push-secret',
      PUSH_RETRY_BASE_MS: '300',
      PUSH_POLL_MS: '100',
    });
    api = new Client(cluster.origin);
    await cluster.start();
  }, 120_000);
  afterAll(() => cluster.stop(), 60_000);

  async function register(name: string): Promise<{ client: Client; id: string; actor: Actor }> {
    const username = `${name}${Date.now().toString(36)}`;
    const data = ok(await api.send<{ token: string; user: { id: string } }>('/api/auth/register', { username, password: 'correct horse battery' }));
    // A registration is answered by one process, the login by another: sessions live in the database.
    const login = ok(await api.send<{ token: string }>('/api/auth/login', { username, password: 'correct horse battery' }));
    expect(login.token).toBeTruthy();
    const actor = { token: data.token, id: data.user.id, username, org: 'padhub', headers: { accorgid: 'padhub', token: data.token } };
    return { client: api.as(data.token), id: data.user.id, actor };
  }

  it('serves the journeys: a post with a picture, a comment, a like, the feed, search, notifications', async () => {
    // Round-robin: consecutive requests land on different processes.
    const alice = await register('alice');
    const bob = await register('bob');
    const picture = await uploadAs(cluster.origin, alice.actor, 'cluster.png', await png(), 'image/png');
    const word = `quokka${Date.now().toString(36)}`;
    const post = ok(await alice.client.send<{ id: string; media: { path: string; thumb?: string }[] }>('/api/posts', { content: `my pad ${word}`, media: [{ path: picture, kind: 'image' }] }));
    // The picture is served from the store every process shares, whichever process answers.
    const { mediaBaseUrl } = ok(await api.call<{ mediaBaseUrl: string }>('GET', '/api/organisation'));
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${mediaBaseUrl}/${post.media[0]!.path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }

    const feed = ok(await bob.client.call<{ items: { id: string }[] }>('GET', '/api/posts?limit=20'));
    expect(feed.items.map((p) => p.id)).toContain(post.id);
    ok(await bob.client.send(`/api/posts/${post.id}/comments`, { content: `nice ${word}` }));
    ok(await bob.client.call('PUT', `/api/posts/${post.id}/like`));
    const seen = ok(await bob.client.call<{ likeCount: number; liked: boolean; commentCount: number }>('GET', `/api/posts/${post.id}`));
    expect(seen).toMatchObject({ likeCount: 1, liked: true, commentCount: 1 });
    const comments = ok(await alice.client.call<{ items: { content: string }[] }>('GET', `/api/posts/${post.id}/comments`));
    expect(comments.items.map((c) => c.content)).toEqual([`nice ${word}`]);

    const found = ok(await bob.client.call<{ items: { id: string }[] }>('GET', `/api/posts?q=${word}`));
    expect(found.items.map((p) => p.id)).toEqual([post.id]);

    const inbox = ok(await alice.client.call<{ items: { type: string }[] }>('GET', '/api/notifications'));
    expect(inbox.items.map((n) => n.type).sort()).toEqual(['comment', 'post_like']);
    expect(ok(await alice.client.call<{ count: number }>('GET', '/api/notifications/unread')).count).toBe(2);
    ok(await alice.client.call('POST', '/api/notifications/read', {}));
    expect(ok(await alice.client.call<{ count: number }>('GET', '/api/notifications/unread')).count).toBe(0);
    expect(api.failures).toEqual([]);
  });

  it('carries a live event published on one process to streams on every other, and through nginx at once', async () => {
    const author = await register('liveauthor');
    const fan = await register('livefan');
    const post = ok(await author.client.send<{ id: string }>('/api/posts', { content: 'live across processes' }));
    const anonymous = { accorgid: 'padhub' };
    const streams = [...cluster.processes.map((p) => p!.origin), cluster.origin].map((origin) => new LiveClient(`${origin}/api/events?post=${post.id}`, anonymous));
    for (const s of streams) await s.open();
    // Published by the first process alone: the others learn of it through PostgreSQL.
    const liked = await fetch(`${cluster.processes[0]!.origin}/api/posts/${post.id}/like`, { method: 'PUT', headers: fan.actor.headers });
    expect(liked.status).toBe(200);
    await until(async () => streams.every((s) => s.events.some((e) => e.type === 'counts')), 'the like on every stream', 10_000);
    for (const s of streams) expect(s.events.find((e) => e.type === 'counts')!.data).toEqual({ postId: post.id, likeCount: 1, commentCount: 0 });
    for (const s of streams) s.close();
  });

  it('resumes a stream moved by a rolling restart from its last id: every comment written meanwhile arrives once', async () => {
    const author = await register('rollauthor');
    const writer = await register('rollwriter');
    const post = ok(await author.client.send<{ id: string }>('/api/posts', { content: 'talk through a restart' }));
    const watcher = new LiveClient(`${cluster.origin}/api/events?post=${post.id}`, { accorgid: 'padhub' });
    await watcher.open();
    const written: string[] = [];
    let rolling = true;
    const writing = (async () => {
      for (let n = 0; rolling; n++) {
        written.push(ok(await writer.client.send<{ id: string }>(`/api/posts/${post.id}/comments`, { content: `comment ${n}` })).id);
        await sleep(100);
      }
    })();
    // Each process out of the balancer, then stopped: the stream it held ends, and the client
    // comes back through nginx to another. (An old nginx worker keeps a stream until it ends, so
    // the reload does not wait for the old workers to go.)
    for (let i = 0; i < 3; i++) {
      cluster.writeUpstreams([cluster.processes[i]!.port]);
      await cluster.reloadNginx(false);
      await cluster.stopProcess(i, 'SIGTERM');
      await cluster.startProcess(i);
      cluster.writeUpstreams();
      await cluster.reloadNginx(false);
    }
    rolling = false;
    await writing;
    const heard = () => watcher.events.filter((e) => e.type === 'comment' && e.data.action === 'created').map((e) => e.data.id as string);
    await until(async () => heard().length >= written.length, 'every comment on the stream', 10_000);
    // Its process stopped under it (each did in turn): it opened again with its last id, never told to start over.
    expect(watcher.resumedFrom.length).toBeGreaterThan(0);
    expect(watcher.resumedFrom.every((id) => /^\d+$/.test(id))).toBe(true);
    expect(watcher.events.filter((e) => e.type === 'reset')).toEqual([]);
    expect(heard()).toEqual(written);
    watcher.close();
  });

  it('shows in each process’s metrics, scraped on its own port: a request through the balancer, and a push the receiver keeps refusing', async () => {
    // The balancer never serves them, token or not: Prometheus scrapes each process.
    expect((await fetch(`${cluster.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
    const route = { method: 'GET', route: '/api/organisation', status: '200' };
    const before = await scrapeAll(cluster);
    for (let i = 0; i < 9; i++) ok(await api.call('GET', '/api/organisation'));
    const after = await scrapeAll(cluster);
    expect(total(after, 'padhub_http_requests_total', route) - total(before, 'padhub_http_requests_total', route)).toBe(9);
    // Round-robin: more than one process answered them, each counting its own.
    expect(after.filter((s, i) => s.value('padhub_http_requests_total', route) > before[i]!.value('padhub_http_requests_total', route)).length).toBeGreaterThan(1);

    receiverRefuses = true;
    const retries = total(after, 'padhub_push_deliveries_total', { outcome: 'retry' });
    const author = await register('pushee');
    const fan = await register('fan');
    const post = ok(await author.client.send<{ id: string }>('/api/posts', { content: 'like me' }));
    ok(await fan.client.call('PUT', `/api/posts/${post.id}/like`));
    await until(async () => total(await scrapeAll(cluster), 'padhub_push_deliveries_total', { outcome: 'retry' }) > retries, 'a refused push');
    const stuck = await scrapeAll(cluster);
    // The outbox is the cluster's: every process reports it alike.
    for (const s of stuck) expect(s.value('padhub_queue_depth', { queue: 'push_outbox' })).toBeGreaterThanOrEqual(1);
    await sleep(2000);
    const later = await scrapeAll(cluster);
    const age = (s: typeof later) => highest(s, 'padhub_queue_oldest_age_seconds', { queue: 'push_outbox' });
    expect(age(later)).toBeGreaterThanOrEqual(age(stuck) + 1.5);

    receiverRefuses = false;
    await until(async () => highest(await scrapeAll(cluster), 'padhub_queue_depth', { queue: 'push_outbox' }) === 0, 'the outbox drained');
    expect(age(await scrapeAll(cluster))).toBe(0);
  });

  it('shows a process killed with kill -9: its scrape fails (Prometheus’s up is 0), and it comes back with its counters begun anew', async () => {
    const { origin } = cluster.processes[2]!;
    const before = await scrape(origin, METRICS_TOKEN);
    await cluster.stopProcess(2, 'SIGKILL');
    await expect(scrape(origin, METRICS_TOKEN)).rejects.toThrow();
    // The others go on, ready, reporting the cluster's queues.
    for (const i of [0, 1]) {
      const s = await scrape(cluster.processes[i]!.origin, METRICS_TOKEN);
      expect(s.value('padhub_ready')).toBe(1);
      expect(s.has('padhub_queue_depth', { queue: 'push_outbox' })).toBe(true);
    }
    await cluster.startProcess(2);
    const again = await scrape(origin, METRICS_TOKEN);
    expect(again.value('process_start_time_seconds')).toBeGreaterThan(before.value('process_start_time_seconds'));
    // A counter that starts again from nothing: Prometheus's rate() reads that as a restart.
    expect(again.value('padhub_http_requests_total')).toBeLessThan(before.value('padhub_http_requests_total'));
  });

  it('has a video processed by the separate worker: the API processes only ask for it', async () => {
    const alice = await register('vid');
    const bob = await register('viewer');
    const path = await uploadAs(cluster.origin, alice.actor, 'cluster.avi', await clip('avi'), 'video/x-msvideo');
    const post = ok(await alice.client.send<{ id: string; media: { status?: string }[] }>('/api/posts', { content: 'an avi in a cluster', media: [{ path, kind: 'video' }] }));
    expect(post.media[0]?.status).toBe('processing');
    type Video = { status?: string; streams?: { mp4: string } };
    let video: Video | undefined;
    for (let i = 0; i < 240 && video?.status !== 'ready'; i++) {
      await sleep(250);
      video = ok(await alice.client.call<{ media: Video[] }>('GET', `/api/posts/${post.id}`)).media[0];
    }
    expect(video?.status).toBe('ready');
    const { mediaBaseUrl } = ok(await api.call<{ mediaBaseUrl: string }>('GET', '/api/organisation'));
    const mp4 = await fetch(`${mediaBaseUrl}/${video!.streams!.mp4}`);
    expect([mp4.status, mp4.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    expect(ok(await bob.client.call<{ id: string }>('GET', `/api/posts/${post.id}`)).id).toBe(post.id);
    expect(api.failures).toEqual([]);
  });

  it('loses no acknowledged write when a process is killed under load, beyond what the client retries absorb', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => register(`load${i}`)));
    const firstPost = ok(await users[0]!.client.send<{ id: string }>('/api/posts', { content: 'before the kill' })).id;
    const failuresBefore = api.failures.length;
    const plain: number[] = [];
    const phase = (async () => {
      await sleep(3000);
      await cluster.stopProcess(1, 'SIGKILL');
      // nginx sends around the dead process by itself: reads and writes with no retry of their own are all answered.
      const { client } = users[0]!;
      for (let i = 0; i < 12; i++) {
        plain.push(await client.once('GET', '/api/posts?limit=5'), await client.once('PUT', `/api/posts/${firstPost}/like`));
      }
      await sleep(3000);
    })();
    const written = await runLoad(users, phase);
    expect(plain).toEqual(Array.from({ length: 24 }, () => 200));
    expect(api.failures.slice(failuresBefore)).toEqual([]);
    expect(written.posts.size).toBeGreaterThan(20);
    expect(await lostOrDoubled(users, written)).toEqual([]);
    console.warn(`kill -9 under load: ${written.requests} requests, ${written.posts.size} posts, ${api.retries} retries absorbed by the client`);
    await cluster.startProcess(1);
  });

  it('restarts the three processes one by one under load without a failed request', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => register(`roll${i}`)));
    const retriesBefore = api.retried.length;
    const failuresBefore = api.failures.length;
    const readiness: number[] = [];
    const rolling = (async () => {
      await sleep(1000);
      for (let i = 0; i < 3; i++) {
        // Out of the balancer first, then SIGTERM: it drains (not ready, in flight finishes) and exits.
        const { port, origin } = cluster.processes[i]!;
        cluster.writeUpstreams([port]);
        await cluster.reloadNginx();
        const stopped = cluster.stopProcess(i, 'SIGTERM');
        // The signal and a probe race to the process: ask until it says no (or is gone).
        let status = 0;
        for (let n = 0; n < 40 && status !== 503; n++) {
          status = await fetch(`${origin}/api/health/ready`).then((res) => res.status, () => -1);
          if (status === -1) break;
          if (status !== 503) await sleep(10);
        }
        readiness.push(status);
        await stopped;
        await cluster.startProcess(i);
        cluster.writeUpstreams();
        await cluster.reloadNginx();
      }
      await sleep(1000);
    })();
    const written = await runLoad(users, rolling);
    await rolling;
    expect(readiness).toEqual([503, 503, 503]);
    expect(api.failures.slice(failuresBefore)).toEqual([]);
    // No process failed a request (nginx answers 502/503/504 for that). A reload closes nginx's
    // idle client connections; a request racing that close is resent by the client, as browsers
    // resend on a reused connection: counted, not a failure of the cluster.
    const retried = api.retried.slice(retriesBefore);
    expect(retried.filter((r) => / HTTP 5\d\d:/.test(r))).toEqual([]);
    expect(await lostOrDoubled(users, written)).toEqual([]);
    console.warn(`rolling restart under load: ${written.requests} requests, ${written.posts.size} posts, none failed; ${retried.length} resent after nginx closed a connection`);
  });
});
