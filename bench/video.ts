/**
 * Video processing on this machine (docs/video.md, "Figures"): a 1080p and a 4K HEVC clip (as an
 * iPhone records), each posted to the real server (`apps/server/src/main.ts` on PGlite, its worker
 * inside, as `npm start` runs) and timed from the post to a playable video; processing time ÷ the
 * clip's length; and `/api/health`'s p99 from another process while the video is processed,
 * against its p99 with nothing processing. Budgets: ratio (processing ÷ length) 1080p ≤ 3, 4K ≤ 8;
 * health p99 during processing ≤ 3 × at rest. It prints; it does not fail on timing.
 *
 *   node --import tsx bench/video.ts   (BENCH_VIDEO_SECONDS: the clips' length, default 10)
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { openStorage } from '../apps/server/src/storage/open-storage.ts';
import { videoTools } from '../apps/server/src/video/tools.ts';
import { percentile } from './measure.ts';
import { probe, startServer } from './server-process.ts';

const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 10);
const BUDGET = { '1080p': 3, '4K': 8, health: 3 };
const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-bench-video-'));

/** A clip as a phone records it: HEVC with AAC, moving detail (a test pattern with grain), 30 fps. */
async function phoneClip(name: string, width: number, height: number): Promise<string> {
  const { ffmpeg } = await videoTools();
  const file = path.join(dataDir, name);
  const started = performance.now();
  await run(ffmpeg, [
    '-hide_banner', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:d=${SECONDS}:r=30,noise=alls=12:allf=t`,
    '-f', 'lavfi', '-i', `sine=d=${SECONDS}:f=440`,
    '-c:v', 'libx265', '-x265-params', 'log-level=error', '-preset', 'ultrafast', '-crf', '24', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1',
    '-c:a', 'aac', file,
  ], { maxBuffer: 1 << 20 });
  console.log(`made ${name}: ${width}x${height}, ${SECONDS} s, ${(readFileSync(file).length / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return file;
}

/** The real server on PGlite with its worker inside, as `npm start` runs it. */
const startVideoServer = () =>
  startServer({ DATA_DIR: dataDir, SEED: '1', DATABASE_URL: undefined, JOBS_IN_PROCESS: '1', JOBS_POLL_MS: '500' });

async function api<T>(origin: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}/api${url}`, { method, headers: { accorgid: 'padhub', 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = (await res.json()) as { code: number; data: T };
  if (res.status !== 200 || answer.code !== 0) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

try {
  const clips = [
    { label: '1080p' as const, file: await phoneClip('phone-1080p.mp4', 1920, 1080) },
    { label: '4K' as const, file: await phoneClip('phone-4k.mp4', 3840, 2160) },
  ];
  const tools = await videoTools();
  console.log(`ffmpeg ${tools.version} (${tools.source}), VIDEO_JOBS_AT_ONCE 1, ffmpeg niced to 10`);
  const server = await startVideoServer();
  try {
    const { store } = await openStorage(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }).storage);
    const username = `bench${Date.now().toString(36)}`;
    const { token, user } = await api<{ token: string; user: { id: string } }>(server.origin, 'POST', '/auth/register', {}, { username, password: 'correct horse battery' });
    const auth = { token, 'accept-language': 'en' };

    const rest = probe(server.origin + '/api/health');
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const quiet = await rest.stop();
    const restP99 = percentile(quiet, 0.99);
    console.log(`/api/health with nothing processing: ${quiet.length} probes, p50 ${ms(percentile(quiet, 0.5))}, p99 ${ms(restP99)}`);

    for (const { label, file } of clips) {
      // Written into the store the server reads (one data directory), as an upload would leave it.
      const key = `u/padhub/${user.id}/bench/${randomUUID()}.mp4`;
      await store.put(key, readFileSync(file), 'video/mp4');
      const busy = probe(server.origin + '/api/health');
      const posted = performance.now();
      const post = await api<{ id: string }>(server.origin, 'POST', '/posts', { ...auth, 'idempotency-key': randomUUID() }, { content: `bench ${label}`, media: [{ path: key, kind: 'video' }] });
      const answeredMs = performance.now() - posted;
      let status = 'processing';
      while (status === 'processing') {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = (await api<{ media: { status: string }[] }>(server.origin, 'GET', `/posts/${post.id}`, auth)).media[0]!.status;
      }
      const playable = (performance.now() - posted) / 1000;
      const during = await busy.stop();
      const p99 = percentile(during, 0.99);
      const ratio = playable / SECONDS;
      console.log(
        `${label}: post answered in ${ms(answeredMs)}; ${status} after ${playable.toFixed(1)} s; processing ÷ length ${ratio.toFixed(2)} (budget ${BUDGET[label]}) ${ratio <= BUDGET[label] ? 'ok' : 'OVER BUDGET'}`,
      );
      console.log(
        `  /api/health meanwhile: ${during.length} probes, p50 ${ms(percentile(during, 0.5))}, p99 ${ms(p99)} = ${(p99 / restP99).toFixed(2)} × at rest (budget ${BUDGET.health}) ${p99 / restP99 <= BUDGET.health ? 'ok' : 'OVER BUDGET'}`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
