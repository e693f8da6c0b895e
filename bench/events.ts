/**
 * The live stream's budgets (docs/live.md, "Cheap when idle"): one process holds 10 000 open
 * streams within 300 MB more memory, and a publish reaches 1 000 subscribers spread over three
 * processes with p95 within 1 s. On PostgreSQL (three processes share it: LISTEN/NOTIFY is what
 * carries an event from one to the others), in a fresh database it drops afterwards: DATABASE_URL's
 * server, or the machine's (scripts/ensure-postgres.sh). Starts the real server three times
 * (`apps/server/src/main.ts`, bench/server-process.ts).
 *
 * Memory: the first process's resident set (/proc/<pid>/status) at rest, then holding the streams
 * (anonymous, each on the same post; every open sends its first id line before it counts), read as
 * the growth and the growth per stream, against the resident set at rest. Delivery: a like set or
 * removed on the post through the first process (a `counts` event to everyone on it) is timed from
 * just before the request until each subscriber reads the event; the p95 over every delivery of
 * every round, beside `/api/health`'s p95 from the same machine in the same run (the reference).
 *
 *   node --import tsx bench/events.ts   (BENCH_STREAMS, BENCH_SUBSCRIBERS, BENCH_ROUNDS)
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { insertPost } from '../apps/server/src/modules/community/posts-repo.ts';
import { OrganisationsRepo } from '../apps/server/src/modules/organisations/repo.ts';
import { seedOrganisations } from '../apps/server/src/seed/organisations.ts';
import { percentile } from './measure.ts';
import { type ServerProcess, startServer } from './server-process.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const MEMORY_BUDGET_MB = 300;
const DELIVERY_BUDGET_MS = 1000;
const PROCESSES = 3;
const ORG = 'padhub';
// Streams opened at once while filling up: each open reads the newest id once.
const OPENING = 100;

const load = () => loadavg().map((n) => n.toFixed(2)).join(', ');

interface Stream {
  close(): void;
}

/** Opens an anonymous stream; answers once its first line (the newest id) came. `heard` gets each event's type. */
function openStream(origin: string, query: string, heard?: (type: string) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}/api/events?${query}`, { agent: false, headers: { accept: 'text/event-stream', accorgid: ORG } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`/api/events answered ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      let opened = false;
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!opened && block.startsWith('id: ')) {
            opened = true;
            resolve({ close: () => req.destroy() });
          }
          const type = /^event: (\w+)$/m.exec(block)?.[1];
          if (type) heard?.(type);
        }
      });
    });
    req.on('error', reject);
  });
}

async function openMany(count: number, open: (n: number) => Promise<Stream>): Promise<Stream[]> {
  const streams: Stream[] = [];
  for (let start = 0; start < count; start += OPENING) {
    const batch = Array.from({ length: Math.min(OPENING, count - start) }, (_, i) => open(start + i));
    streams.push(...(await Promise.all(batch)));
  }
  return streams;
}

const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(origin: string, method: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: { accorgid: ORG, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

const adminUrl = process.env.DATABASE_URL ?? execFileSync('bash', [path.join(import.meta.dirname, '../scripts/ensure-postgres.sh')], { encoding: 'utf8' }).trim();
const name = `padhub_bench_events_${randomBytes(6).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const admin = await openDb({ url: adminUrl, poolSize: 1 });
await admin.exec(`create database ${name}`);
const dirs = Array.from({ length: PROCESSES }, () => mkdtempSync(path.join(tmpdir(), 'padhub-bench-events-')));
const servers: ServerProcess[] = [];
let over = 0;

try {
  const db = await openDb({ url: url.toString(), poolSize: 1 });
  await migrate(db);
  for (const org of seedOrganisations(ORG)) await new OrganisationsRepo(db).insert(org);
  const env = { SEED: '0', REGISTER_LIMIT_PER_IP: '100000', DATABASE_URL: url.toString() };
  for (const dir of dirs) servers.push(await startServer({ ...env, DATA_DIR: dir }));
  const origins = servers.map((s) => s.origin);
  const registered = await call(origins[0]!, 'POST', '/api/auth/register', {}, { username: `liker${randomBytes(4).toString('hex')}`, password: 'a bench password' });
  if (registered.status !== 200) throw new Error(`registering answered ${registered.status}`);
  const liker = { token: registered.json.data.token as string, id: registered.json.data.user.id as string };
  const postId = await insertPost(db, { orgId: ORG, authorId: liker.id, content: 'Streams for everyone', lang: 'cn' });
  await db.close();

  // Memory: the first process at rest (its routes warmed by a hundred streams opened and closed), then holding the streams.
  const first = servers[0]!;
  for (const s of await openMany(OPENING, () => openStream(first.origin, `post=${postId}`))) s.close();
  await sleep(2000);
  const atRest = residentMb(first.pid);
  const held = await openMany(STREAMS, () => openStream(first.origin, `post=${postId}`));
  await sleep(3000);
  const holding = residentMb(first.pid);
  for (const s of held) s.close();
  const grown = holding - atRest;
  const memoryOk = grown <= MEMORY_BUDGET_MB;
  if (!memoryOk) over++;
  console.log(`memory (load ${load()}): ${STREAMS} streams on one process: resident ${atRest.toFixed(0)} MB at rest, ${holding.toFixed(0)} MB holding them`);
  console.log(
    `  +${grown.toFixed(0)} MB (${((grown * 1024) / STREAMS).toFixed(1)} KB a stream; ${(grown / atRest).toFixed(2)} × the process at rest); budget ${MEMORY_BUDGET_MB} MB: ${memoryOk ? 'ok' : 'OVER BUDGET'}`,
  );
  await sleep(1000);

  // Delivery: subscribers spread over the processes, the like set and removed through the first.
  let round: { started: number; times: number[] } | null = null;
  const subscribers = await openMany(SUBSCRIBERS, (n) =>
    openStream(origins[n % PROCESSES]!, `post=${postId}`, (type) => {
      if (type === 'counts' && round) round.times.push(performance.now() - round.started);
    }),
  );
  const deliveries: number[] = [];
  const health: number[] = [];
  let missing = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const times: number[] = [];
    round = { started: performance.now(), times };
    const liked = await call(origins[0]!, r % 2 === 0 ? 'PUT' : 'DELETE', `/api/posts/${postId}/like`, { token: liker.token });
    if (liked.status !== 200) throw new Error(`the like answered ${liked.status}`);
    for (let wait = 0; times.length < SUBSCRIBERS && wait < 100; wait++) await sleep(50);
    round = null;
    missing += SUBSCRIBERS - times.length;
    deliveries.push(...times);
    for (let h = 0; h < 5; h++) {
      const t = performance.now();
      await call(origins[r % PROCESSES]!, 'GET', '/api/health');
      health.push(performance.now() - t);
    }
  }
  for (const s of subscribers) s.close();
  const p95 = percentile(deliveries, 0.95);
  const healthP95 = percentile(health, 0.95);
  const deliveryOk = missing === 0 && p95 <= DELIVERY_BUDGET_MS;
  if (!deliveryOk) over++;
  console.log(`delivery (load ${load()}): ${ROUNDS} publishes to ${SUBSCRIBERS} subscribers over ${PROCESSES} processes on PostgreSQL, ${deliveries.length} deliveries, ${missing} missing`);
  console.log(`  p50 ${percentile(deliveries, 0.5).toFixed(0)} ms  p95 ${p95.toFixed(0)} ms  max ${Math.max(...deliveries).toFixed(0)} ms; /api/health p95 ${healthP95.toFixed(1)} ms (p95 ÷ health ${(p95 / healthP95).toFixed(0)})`);
  console.log(`  budget p95 ${DELIVERY_BUDGET_MS} ms, none missing: ${deliveryOk ? 'ok' : 'OVER BUDGET'}`);
} finally {
  for (const server of servers) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await admin.exec(`drop database if exists ${name} with (force)`);
  await admin.close();
}
process.exit(over === 0 ? 0 : 1);
