/**
 * The first screen as Lighthouse sees it on a phone (its default mobile settings: 4× CPU slowdown,
 * slow 4G, simulated), three runs on each landing page of a seeded Padhub: the community feed, a
 * post, the mall. Prints the median score, LCP, TBT, CLS, script bytes and the requests made
 * before the largest paint beside the budgets. Timings depend on the machine: it does not fail.
 *
 *   node --import tsx bench/web.ts            (builds nothing: run `npm run build` first)
 *   BENCH_VERBOSE=1 …                         also lists each page's requests started before the largest paint, and its long tasks
 *   BENCH_PAGES=post,mall …                   only these pages
 *
 * Lighthouse runs through npx (the npm package, pinned), on Debian's Chromium at CHROMIUM_PATH.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PORT = Number(process.env.BENCH_PORT ?? 8199);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = 3;
const LIGHTHOUSE = 'lighthouse@13.5.0';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const ONLY = process.env.BENCH_PAGES?.split(',');
const budgets = { score: 95, lcpMs: 1200, tbtMs: 150, cls: 0.02, jsKb: 140, requests: 15 };

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  /** Script of the requests started before the largest paint (the "before the first post is on screen"). */
  firstJsKb: number;
  requests: number;
  /** The requests started before the largest paint, as `type url`. */
  early: string[];
  /** The main thread's tasks over 50 ms (simulated), which make the blocking time. */
  longTasks: string[];
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${ORIGIN}/api/health`).then((r) => r.ok, () => false);
    if (up) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not start');
}

interface Audit {
  numericValue?: number;
  details?: { items?: { url?: string; resourceType?: string; transferSize?: number; networkRequestTime?: number; duration?: number; startTime?: number }[] };
}

/** When the largest paint happened in the unthrottled run (the metrics audit's observed figure). */
function observedLcp(report: { audits: Record<string, Audit> }): number {
  const metrics = report.audits.metrics?.details?.items?.[0] as { observedLargestContentfulPaint?: number } | undefined;
  return metrics?.observedLargestContentfulPaint ?? Number.NaN;
}

async function lighthouse(url: string, out: string): Promise<Figures> {
  await run('npx', ['--yes', LIGHTHOUSE, url, '--quiet', '--output=json', `--output-path=${out}`, '--only-categories=performance', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'], {
    env: { ...process.env, CHROME_PATH: chromium },
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(readFileSync(out, 'utf8')) as { categories: { performance: { score: number } }; audits: Record<string, Audit> };
  const audit = (name: string) => report.audits[name]?.numericValue ?? Number.NaN;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const lcp = audit('largest-contentful-paint');
  // Requests that started before the largest paint, both as observed: request times are the
  // unthrottled run's, so comparing them with the simulated LCP counted seconds of later requests.
  const early = requests.filter((r) => (r.networkRequestTime ?? Infinity) <= observedLcp(report));
  const scriptKb = (list: typeof requests) => list.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: lcp,
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsKb: scriptKb(requests),
    firstJsKb: scriptKb(early),
    requests: early.length,
    longTasks: (report.audits['long-tasks']?.details?.items ?? []).map((t) => `${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)} ms  ${(t.url ?? '').replace(ORIGIN, '')}`),
    early: early.map((r) => `${(r.resourceType ?? '?').padEnd(10)} ${(((r.transferSize ?? 0) / 1024).toFixed(1) + ' KB').padStart(9)}  ${(r.url ?? '').replace(ORIGIN, '')}`),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const dataDir = mkdtempSync(path.join(tmpdir(), 'padhub-bench-web-'));
const server = await startServer(dataDir);
try {
  const feed = (await (await fetch(`${ORIGIN}/api/posts?limit=1`, { headers: { accorgid: 'padhub', 'accept-language': 'cn' } })).json()) as { data: { items: { id: string }[] } };
  const postId = feed.data.items[0]?.id;
  const pages: [string, string][] = [
    ['community', `${ORIGIN}/app/community/index`],
    ['post', `${ORIGIN}/app/community/detail?id=${postId}`],
    ['mall', `${ORIGIN}/app/shoopping`],
  ];
  console.log(`budgets: score ≥ ${budgets.score}, LCP ≤ ${budgets.lcpMs} ms, TBT ≤ ${budgets.tbtMs} ms, CLS ≤ ${budgets.cls}, JS ≤ ${budgets.jsKb} KB, ≤ ${budgets.requests} requests before the largest paint`);
  for (const [name, url] of pages.filter(([name]) => !ONLY || ONLY.includes(name))) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(url, path.join(dataDir, `${name}-${i}.json`)));
    const m = (key: Exclude<keyof Figures, 'early' | 'longTasks'>) => median(runs.map((r) => r[key]));
    // Each mark notes a miss; the line's verdict, last in it, is read after every mark.
    let over = false;
    const mark = (ok: boolean) => {
      if (!ok) over = true;
      return ok ? ' ' : '!';
    };
    console.log(
      `${name.padEnd(10)} score ${m('score')}${mark(m('score') >= budgets.score)}  LCP ${Math.round(m('lcpMs'))} ms${mark(m('lcpMs') <= budgets.lcpMs)}  ` +
        `TBT ${Math.round(m('tbtMs'))} ms${mark(m('tbtMs') <= budgets.tbtMs)}  CLS ${m('cls').toFixed(3)}${mark(m('cls') <= budgets.cls)}  ` +
        `JS ${m('jsKb').toFixed(1)} KB (${m('firstJsKb').toFixed(1)} before LCP)${mark(m('firstJsKb') <= budgets.jsKb)}  requests ${m('requests')}${mark(m('requests') <= budgets.requests)}  (median of ${RUNS}; ! = over budget) ${over ? 'OVER BUDGET' : 'ok'}`,
    );
    if (VERBOSE) {
      // The run whose count is the median's: the list that figure stands for.
      const shown = runs.find((r) => r.requests === m('requests')) ?? runs[0];
      for (const line of shown?.early ?? []) console.log(`    ${line}`);
      const slowest = runs.find((r) => r.tbtMs === m('tbtMs')) ?? runs[0];
      for (const line of slowest?.longTasks ?? []) console.log(`    long task ${line}`);
    }
  }
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
