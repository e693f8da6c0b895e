/**
 * How long post creation spends on pictures: `checkMedia` (the checks and the WebP renditions) on
 * 12 MP JPEGs in the embedded store, for one picture, for a post of 18 (the spec's most), and for
 * the same 18 again (an idempotent retry, whose renditions exist). Prints ms and the process's peak
 * memory against the client's API timeout (5 000 ms), which the 18 must finish well inside: with
 * 2 s to spare for the rest of the request and the network (budget 3 000 ms).
 *
 *   node --import tsx bench/renditions.ts [photo megabytes, default 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { limits } from '../packages/contracts/src/index.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { checkMedia } from '../apps/server/src/storage/media.ts';
import { openStorage } from '../apps/server/src/storage/open-storage.ts';

const PICTURES = 18;
/** What the rest of post creation and a phone's network may take of the API timeout. */
const MARGIN_MS = 2000;
const WIDTH = 4000;
const HEIGHT = 3000;
const targetMb = Number(process.argv[2] ?? 5);

/** A 12 MP photo-like JPEG: a gradient with grain, grain and quality raised until the file is about `mb` MB. */
async function photo(mb: number): Promise<Buffer> {
  let sigma = 12;
  let quality = 92;
  for (;;) {
    const grain = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma } } }).raw().toBuffer();
    for (let i = 0; i < grain.length; i += 3) {
      const x = (i / 3) % WIDTH;
      const y = Math.floor(i / 3 / WIDTH);
      grain[i] = Math.min(255, (grain[i]! * 0.5 + (x / WIDTH) * 128) | 0);
      grain[i + 1] = Math.min(255, (grain[i + 1]! * 0.5 + (y / HEIGHT) * 128) | 0);
    }
    const jpeg = await sharp(grain, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality }).toBuffer();
    if (jpeg.length >= mb * 1e6 * 0.9 || quality >= 100) return jpeg;
    if (sigma < 120) sigma = Math.min(120, Math.round(sigma * Math.min(2, ((mb * 1e6) / jpeg.length) ** 1.5)));
    else quality = Math.min(100, quality + 2);
  }
}

/** The most the process's resident memory rose above where it stood when `run` began, sampled every 5 ms. */
async function peakRise<T>(run: () => Promise<T>): Promise<{ result: T; mb: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, mb: (peak - base) / 1e6 };
  } finally {
    clearInterval(timer);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-bench-renditions-'));
try {
  const { storage: storageConfig } = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const { store } = await openStorage(storageConfig);
  const prefix = 'u/bench/1/';
  const jpeg = await photo(Math.min(targetMb, limits.imageMaxBytes / 1e6));
  const keys = Array.from({ length: PICTURES + 1 }, (_, i) => `${prefix}post/${i}.jpg`);
  for (const key of keys) await store.put(key, jpeg, 'image/jpeg');

  const time = async (label: string, paths: string[]) => {
    const started = performance.now();
    const { mb } = await peakRise(() => checkMedia(store, paths.map((p) => ({ path: p, kind: 'image' as const })), prefix));
    const ms = performance.now() - started;
    const each = paths.length > 1 ? `  (${(ms / paths.length).toFixed(0)} ms each)` : '';
    console.log(`${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms${each.padEnd(20)} memory +${mb.toFixed(0)} MB`);
    return ms;
  };

  console.log(`one picture: ${WIDTH}x${HEIGHT} JPEG, ${(jpeg.length / 1e6).toFixed(1)} MB; sharp concurrency ${sharp.concurrency()}, libuv pool ${process.env.UV_THREADPOOL_SIZE ?? 4}`);
  await time('1 picture', [keys[PICTURES]!]);
  const post = await time(`a post of ${PICTURES} pictures`, keys.slice(0, PICTURES));
  await time(`the same ${PICTURES} again (a retry)`, keys.slice(0, PICTURES));
  const budget = limits.apiTimeoutMs - MARGIN_MS;
  console.log(`${PICTURES} pictures: ${post.toFixed(0)} ms against the API timeout of ${limits.apiTimeoutMs} ms (budget ${budget} ms) ${post <= budget ? 'ok' : 'OVER BUDGET'}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
