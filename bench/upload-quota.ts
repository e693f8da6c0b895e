/**
 * The outside probe's upload-quota attack, run again: against a server whose daily upload quota is
 * 1 MiB, one person sends 8 PUTs of 400 KiB at once and then one of 20 MiB, all with
 * `Transfer-Encoding: chunked` (no length declared anywhere: presigned URLs, UNSIGNED-PAYLOAD).
 * Budget: what is stored stays within the quota, a refused body leaves nothing behind, and as many
 * of the parallel ones are accepted as fit (2 under 1 MiB: someone picking several pictures near
 * their quota gets all those that fit). Exits 1 when it does not.
 *
 *   node --import tsx bench/upload-quota.ts
 *     starts the real server (apps/server/src/main.ts, PGlite and the embedded store in a temp dir,
 *     STORAGE_UPLOAD_QUOTA_MB=1); or, against a running one whose quota is BENCH_QUOTA_MIB:
 *   BENCH_URL=http://127.0.0.1:8080 BENCH_ORG=padhub BENCH_QUOTA_MIB=1 node --import tsx bench/upload-quota.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { OrganisationsRepo } from '../apps/server/src/modules/organisations/repo.ts';
import { seedOrganisations } from '../apps/server/src/seed/organisations.ts';
import { presign } from '@padhub/s3-endpoint';
import type { WireCredentials } from '../apps/server/test/storage.ts';

const KiB = 1024;
const MiB = 1024 * KiB;
const ORG = process.env.BENCH_ORG ?? 'padhub';
const QUOTA = Number(process.env.BENCH_QUOTA_MIB ?? 1) * MiB;
const repoRoot = path.resolve(import.meta.dirname, '..');

let child: ChildProcess | undefined;
let work: string | undefined;
let passed: boolean;
try {
  const origin = process.env.BENCH_URL ?? (await startServer());
  const creds = await uploader(origin);
  const parallel = await Promise.all(Array.from({ length: 8 }, (_, i) => putChunked(creds, `quota-bench/${i}.bin`, 400 * KiB)));
  const large = await putChunked(creds, 'quota-bench/large.bin', 20 * MiB);
  const keys = [...Array.from({ length: 8 }, (_, i) => `quota-bench/${i}.bin`), 'quota-bench/large.bin'];
  let stored = 0;
  for (const key of keys) {
    const res = await fetch(`${creds.endpoint}/${creds.bucket}/${creds.prefix}${key}`, { method: 'HEAD' });
    if (res.ok) stored += Number(res.headers.get('content-length'));
  }
  const accepted = parallel.filter((s) => s === 200).length;
  const fit = Math.min(8, Math.floor(QUOTA / (400 * KiB)));
  passed = stored <= QUOTA && large !== 200 && accepted === fit;
  console.log(`8 parallel chunked PUTs of 400 KiB: ${accepted} accepted (${fit} fit), answers ${parallel.join(' ')}`);
  console.log(`1 chunked PUT of 20 MiB: answer ${large}`);
  console.log(`stored ${(stored / KiB).toFixed(0)} KiB against a quota of ${(QUOTA / KiB).toFixed(0)} KiB: ${passed ? 'ok' : 'OVER BUDGET'}`);
} finally {
  child?.kill('SIGTERM');
  if (work) await rm(work, { recursive: true, force: true });
}
process.exit(passed ? 0 : 1);

async function startServer(): Promise<string> {
  work = await mkdtemp(path.join(tmpdir(), 'padhub-quota-bench-'));
  const setup = await openDb({ dir: path.join(work, 'db') });
  await migrate(setup);
  for (const org of seedOrganisations(ORG)) await new OrganisationsRepo(setup).insert(org);
  await setup.close();
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|STORAGE|S3_|PORT|HOST)/.test(name)));
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...env, DATA_DIR: work, SEED: '0', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', STORAGE_UPLOAD_QUOTA_MB: String(QUOTA / MiB) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = child;
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Padhub is running at (http:\/\/[^/\s]+)\//.exec(output);
      if (url?.[1]) resolve(url[1]);
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.on('exit', (code) => reject(new Error(`the server stopped before listening (${code}):\n${output}`)));
  });
}

async function uploader(origin: string): Promise<WireCredentials> {
  const username = `quota${Date.now().toString(36)}`;
  const registered = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { accorgid: ORG, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'correct horse battery' }),
  });
  const { data } = (await registered.json()) as { data: { token: string } };
  const res = await fetch(`${origin}/api/external/authorization`, { headers: { accorgid: ORG, token: data.token } });
  return ((await res.json()) as { data: WireCredentials }).data;
}

/** A presigned PUT whose body streams in 64 KiB pieces with no length: answers the HTTP status (0: the connection was cut). */
async function putChunked(creds: WireCredentials, name: string, bytes: number): Promise<number> {
  const url = await presign(creds, `${creds.prefix}${name}`, { expiresIn: 300 });
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const n = Math.min(64 * KiB, bytes - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(7));
    },
  });
  try {
    const res = await fetch(url, { method: 'PUT', body, duplex: 'half' });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
